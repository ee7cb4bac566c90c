#ifndef BOOK2PAGES_BIDI_H
#define BOOK2PAGES_BIDI_H
// The Unicode Bidirectional Algorithm (UAX #9) from ICU's ubidi, behind a header with no ICU
// types: ICU's own headers must not reach Swift, where they clash with the ICU that Foundation
// carries. Text is UTF-16, as ICU takes it; levels are UAX #9's embedding levels (even: left
// to right, odd: right to left).
#include <stdint.h>

/// The direction of the first strong character of text, ignoring isolates (rules P2, P3):
/// 0 left to right, 1 right to left, -1 when there is none.
int32_t b2p_bidi_first_strong(const uint16_t *text, int32_t length);

/// Whether text (UTF-8) set as a left-to-right paragraph may have any level but 0: it holds a
/// right-to-left letter, an Arabic number, or an explicit embedding, override or isolate (or a
/// byte sequence that is not UTF-8). Without any of them every character resolves to level 0
/// (rules W7, N1, N2, I1), so the paragraph needs no resolving. Returns 1 or 0.
int32_t b2p_bidi_may_leave_base_level(const uint8_t *text, int32_t length);

/// Resolves the embedding levels of text as paragraphs of base level paragraph_level (0 or 1),
/// up to rule I2 with rule L1 at the text's end, and writes one level per UTF-16 unit into
/// levels. Returns 0, or -1 when ICU reports an error.
int32_t b2p_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels);

/// Reorders runs by rule L2: given the level of each of count runs in logical order, writes
/// into order, for each visual position from the left, the logical index of the run shown
/// there. Returns 0, or -1 when ICU reports an error.
int32_t b2p_bidi_visual_order(const uint8_t *levels, int32_t count, int32_t *order);
#endif
