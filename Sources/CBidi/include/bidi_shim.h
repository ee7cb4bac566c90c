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

/// Resolves the embedding levels of text as paragraphs of base level paragraph_level (0 or 1),
/// up to rule I2 with rule L1 at the text's end, and writes one level per UTF-16 unit into
/// levels. Returns 0, or -1 when ICU reports an error.
int32_t b2p_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels);

/// Reorders runs by rule L2: given the level of each of count runs in logical order, writes
/// into order, for each visual position from the left, the logical index of the run shown
/// there. Returns 0, or -1 when ICU reports an error.
int32_t b2p_bidi_visual_order(const uint8_t *levels, int32_t count, int32_t *order);
#endif
