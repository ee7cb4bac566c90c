// libhyphen (Debian libhyphen-dev), which ships no pkg-config file: the module map links it by name.
#include <stdio.h>
#include <hyphen.h>
