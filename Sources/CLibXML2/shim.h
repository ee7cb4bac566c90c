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

// xmlFree is a global function pointer, which Swift 6 treats as shared mutable state.
static inline void b2p_xml_free(void *p) { xmlFree(p); }
#endif
