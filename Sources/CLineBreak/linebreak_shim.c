#include "linebreak_shim.h"
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

struct b2p_line_breaker {
    UBreakIterator *iterator;
};

b2p_line_breaker *b2p_line_breaker_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    // ICU reads NULL as the process's default locale (from LANG); say root so it never does.
    if (locale == NULL || locale[0] == '\0') locale = "root";
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) return NULL;
    b2p_line_breaker *breaker = malloc(sizeof *breaker);
    if (breaker == NULL) { ubrk_close(iterator); return NULL; }
    breaker->iterator = iterator;
    return breaker;
}

void b2p_line_breaker_close(b2p_line_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    free(breaker);
}

const char *b2p_line_breaker_locale(const b2p_line_breaker *breaker) {
    UErrorCode status = U_ZERO_ERROR;
    const char *name = ubrk_getLocaleByType(breaker->iterator, ULOC_VALID_LOCALE, &status);
    return U_SUCCESS(status) && name != NULL ? name : "";
}

int32_t b2p_line_breaker_run(b2p_line_breaker *breaker, const uint8_t *text, int32_t length,
                             int32_t *positions, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    // A UTF-8 UText reports offsets in bytes, which is how the caller holds its text.
    UText source = UTEXT_INITIALIZER;
    utext_openUTF8(&source, (const char *)text, length, &status);
    ubrk_setUText(breaker->iterator, &source, &status);
    if (U_FAILURE(status)) { utext_close(&source); return -1; }
    int32_t count = 0;
    for (int32_t at = ubrk_next(breaker->iterator); at != UBRK_DONE && at < length;
         at = ubrk_next(breaker->iterator)) {
        if (count < capacity) {
            positions[count] = at;
            int32_t rule = ubrk_getRuleStatus(breaker->iterator);
            hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    // Leave no pointer to the caller's buffer behind.
    UErrorCode reset = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, NULL, 0, &reset);
    utext_close(&source);
    return count;
}
