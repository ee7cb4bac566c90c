#ifndef BOOK2PAGES_CLIBXML2_SHIM_H
#define BOOK2PAGES_CLIBXML2_SHIM_H
// Debian's libxml2 is built with ICU; its headers would pull the system ICU into Swift, where it
// clashes with the ICU inside Foundation. Nothing here needs libxml2's ICU API.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/chvalid.h>

// xmlFree is a global function pointer, which Swift 6 treats as shared mutable state.
static inline void b2p_xml_free(void *p) { xmlFree(p); }

// The letters and name characters of libxml2's HTML parser (htmlParseNameComplex), for a code
// point decoded from UTF-8: the attribute bound must read names as that parser does.
static inline int b2p_xml_is_letter(unsigned int c) { return xmlIsBaseCharQ(c) || xmlIsIdeographicQ(c); }
static inline int b2p_xml_is_name_char(unsigned int c) {
    return b2p_xml_is_letter(c) || xmlIsDigitQ(c) || xmlIsCombiningQ(c) || xmlIsExtenderQ(c)
        || c == '.' || c == '-' || c == '_' || c == ':';
}
#endif
