#ifndef BOOK2PAGES_CCRYPTO_SHIM_H
#define BOOK2PAGES_CCRYPTO_SHIM_H
// OpenSSL's libcrypto, for SHA-256 only.
#include <openssl/evp.h>
#endif
