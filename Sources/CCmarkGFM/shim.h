#ifndef BOOK2PAGES_CCMARKGFM_SHIM_H
#define BOOK2PAGES_CCMARKGFM_SHIM_H
// cmark-gfm and its GitHub extensions (tables, strikethrough, autolinks, task lists). Debian ships
// a pkg-config file for the core library only, so the extensions library is linked by name.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#endif
