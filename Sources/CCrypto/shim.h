// EVP only: the one-shot MD5()/SHA1() calls are deprecated in OpenSSL 3.
#include <openssl/evp.h>
