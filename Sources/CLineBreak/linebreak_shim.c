#include "linebreak_shim.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>
#include <unicode/utf16.h>

struct b2p_line_breaker {
    UBreakIterator *iterator;
    // The text in UTF-16, reused from paragraph to paragraph: ICU's rules run over UTF-16, and
    // a UTF-8 UText would convert each chunk again as the iterator moves back and forth.
    UChar *units;
    int32_t unitCapacity;
    // For text that is not all ASCII, the UTF-8 offset of each UTF-16 unit (and of the end).
    int32_t *byteOffsets;
    int32_t offsetCapacity;
};

b2p_line_breaker *b2p_line_breaker_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    // ICU reads NULL as the process's default locale (from LANG); say root so it never does.
    if (locale == NULL || locale[0] == '\0') locale = "root";
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) return NULL;
    b2p_line_breaker *breaker = calloc(1, sizeof *breaker);
    if (breaker == NULL) { ubrk_close(iterator); return NULL; }
    breaker->iterator = iterator;
    return breaker;
}

void b2p_line_breaker_close(b2p_line_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    free(breaker->units);
    free(breaker->byteOffsets);
    free(breaker);
}

/// Room for `count` items in `*buffer`, which holds `*capacity`; false when memory runs out.
static int reserve(void **buffer, int32_t *capacity, int32_t count, size_t size) {
    if (count <= *capacity) return 1;
    void *grown = realloc(*buffer, (size_t)count * size);
    if (grown == NULL) return 0;
    *buffer = grown;
    *capacity = count;
    return 1;
}

/// Converts text into the breaker's UTF-16 buffer. Returns the number of UTF-16 units, and sets
/// *mapped when the units' UTF-8 offsets are in byteOffsets (otherwise a unit's offset is its
/// own: all ASCII). -1 when the text is not valid UTF-8 or memory runs out.
static int32_t to_utf16(b2p_line_breaker *breaker, const uint8_t *text, int32_t length, int *mapped) {
    // UTF-16 never takes more units than UTF-8 takes bytes.
    if (!reserve((void **)&breaker->units, &breaker->unitCapacity, length, sizeof(UChar))) return -1;
    UChar *units = breaker->units;
    // Most paragraphs are ASCII, where a unit is its byte: widened eight bytes at a time (ICU's
    // u_strFromUTF8 goes a scalar at a time), until the first byte that is not.
    int32_t i = 0;
    while (length - i >= 8) {
        uint64_t eight;
        memcpy(&eight, text + i, 8);
        if (eight & 0x8080808080808080ULL) break;
        for (int k = 0; k < 8; k++) units[i + k] = text[i + k];
        i += 8;
    }
    while (i < length && text[i] < 0x80) { units[i] = text[i]; i++; }
    *mapped = i < length;
    if (!*mapped) return length;
    if (!reserve((void **)&breaker->byteOffsets, &breaker->offsetCapacity, length + 1, sizeof(int32_t))) return -1;
    int32_t *offsets = breaker->byteOffsets;
    for (int32_t k = 0; k < i; k++) offsets[k] = k;
    int32_t count = i;
    while (i < length) {
        offsets[count] = i;
        if (text[i] < 0x80) { units[count++] = text[i++]; continue; }
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0) return -1;
        if (U_IS_SUPPLEMENTARY(c)) offsets[count + 1] = offsets[count];
        U16_APPEND_UNSAFE(units, count, c);
    }
    offsets[count] = length;
    return count;
}

int32_t b2p_line_breaker_run(b2p_line_breaker *breaker, const uint8_t *text, int32_t length,
                             int32_t *positions, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int mapped = 0;
    int32_t unitCount = to_utf16(breaker, text, length, &mapped);
    UText source = UTEXT_INITIALIZER;
    if (unitCount >= 0) {
        ubrk_setText(breaker->iterator, breaker->units, unitCount, &status);
    } else {
        // Text that is not valid UTF-8 (or no memory): a UTF-8 UText reports offsets in bytes.
        utext_openUTF8(&source, (const char *)text, length, &status);
        ubrk_setUText(breaker->iterator, &source, &status);
    }
    if (U_FAILURE(status)) { utext_close(&source); return -1; }
    int32_t end = unitCount >= 0 ? unitCount : length;
    const int32_t *offsets = unitCount >= 0 && mapped ? breaker->byteOffsets : NULL;
    int32_t count = 0;
    for (int32_t at = ubrk_next(breaker->iterator); at != UBRK_DONE && at < end;
         at = ubrk_next(breaker->iterator)) {
        if (count < capacity) {
            positions[count] = offsets != NULL ? offsets[at] : at;
            int32_t rule = ubrk_getRuleStatus(breaker->iterator);
            hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    if (unitCount < 0) {
        // Leave no pointer to the caller's buffer behind (the UTF-16 buffer is the breaker's own).
        UErrorCode reset = U_ZERO_ERROR;
        ubrk_setText(breaker->iterator, NULL, 0, &reset);
        utext_close(&source);
    }
    return count;
}

int b2p_stands_upright(uint32_t scalar) {
    return u_getIntPropertyValue((UChar32)scalar, UCHAR_VERTICAL_ORIENTATION) != U_VO_ROTATED;
}
