#ifndef BOOK2PAGES_CYAML_SHIM_H
#define BOOK2PAGES_CYAML_SHIM_H
#include <yaml.h>
#endif
