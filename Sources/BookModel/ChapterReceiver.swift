/// Takes a book's chapters while its reader reads on, so that laying them out can start before
/// the whole book is read.
///
/// A reader calls `begin` once, with the metadata as known before any chapter, then `receive`
/// for chapters as they are read. A chapter passed on is the one the finished book will hold in
/// that place, but for its title (a table of contents read later may rename it). A reader may
/// keep a chapter back (one whose images are measured only at the end); the receiver takes what
/// it was not given from the finished book. Called on the reader's thread.
public protocol ChapterReceiver: AnyObject, Sendable {
    func begin(_ metadata: Metadata)
    func receive(_ chapter: Chapter, at index: Int)
}
