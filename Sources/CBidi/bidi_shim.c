#include "bidi_shim.h"
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

int32_t b2p_bidi_first_strong(const uint16_t *text, int32_t length) {
    switch (ubidi_getBaseDirection((const UChar *)text, length)) {
    case UBIDI_LTR: return 0;
    case UBIDI_RTL: return 1;
    default: return -1;
    }
}

int32_t b2p_bidi_may_leave_base_level(const uint8_t *text, int32_t length) {
    int32_t i = 0;
    while (i < length) {
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0) return 1;
        switch (u_charDirection(c)) {
        case U_RIGHT_TO_LEFT: case U_RIGHT_TO_LEFT_ARABIC: case U_ARABIC_NUMBER:
        case U_LEFT_TO_RIGHT_EMBEDDING: case U_LEFT_TO_RIGHT_OVERRIDE:
        case U_RIGHT_TO_LEFT_EMBEDDING: case U_RIGHT_TO_LEFT_OVERRIDE: case U_POP_DIRECTIONAL_FORMAT:
        case U_LEFT_TO_RIGHT_ISOLATE: case U_RIGHT_TO_LEFT_ISOLATE: case U_FIRST_STRONG_ISOLATE:
        case U_POP_DIRECTIONAL_ISOLATE:
            return 1;
        default:
            break;
        }
    }
    return 0;
}

int32_t b2p_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels) {
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph_level & 1, NULL, &status);
    const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    int32_t result = -1;
    if (U_SUCCESS(status) && resolved != NULL) {
        for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
        result = 0;
    }
    ubidi_close(bidi);
    return result;
}

int32_t b2p_bidi_visual_order(const uint8_t *levels, int32_t count, int32_t *order) {
    if (count == 0) return 0;
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, order);
    return 0;
}
