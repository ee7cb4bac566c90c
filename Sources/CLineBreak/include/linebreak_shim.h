#ifndef BOOK2PAGES_LINEBREAK_H
#define BOOK2PAGES_LINEBREAK_H
// UAX #14 line-break opportunities from ICU, behind a header with no ICU types: ICU's own
// headers must not reach Swift, where they clash with the ICU that Foundation carries.
#include <stdint.h>

typedef struct b2p_line_breaker b2p_line_breaker;

/// A breaker for a locale such as "en" or "ja"; NULL or "" give the root rules, never the
/// process's locale. NULL when ICU fails.
b2p_line_breaker *b2p_line_breaker_open(const char *locale);
void b2p_line_breaker_close(b2p_line_breaker *breaker);

/// Finds the offsets (UTF-8 bytes) where a line may start within text, which should be valid
/// UTF-8 (ICU's rules run over it in UTF-16; invalid text is read by a UTF-8 UText). Writes at most capacity offsets into positions and, for each, 1 in hard when the
/// break is mandatory (after a line separator). Returns the number found (which may exceed
/// capacity: call again with more room), or -1 when ICU reports an error. The end of the text
/// is never reported.
int32_t b2p_line_breaker_run(b2p_line_breaker *breaker, const uint8_t *text, int32_t length,
                             int32_t *positions, uint8_t *hard, int32_t capacity);

/// Whether a character is set upright in vertical text under CSS `text-orientation: mixed`:
/// its Unicode Vertical_Orientation (UAX #50) is U or Tu, or Tr (its vertical form, `vert`,
/// stands upright); 0 for R, set sideways (Latin, digits).
int b2p_stands_upright(uint32_t scalar);
#endif
