// libexttextcat (Debian libexttextcat-dev), the n-gram language guesser LibreOffice uses; its
// language models come in libexttextcat-data.
#include <textcat.h>
