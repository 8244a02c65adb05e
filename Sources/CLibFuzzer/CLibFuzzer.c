// The declaration in include/CLibFuzzer.h is all this target holds; libFuzzer defines it.
#include "CLibFuzzer.h"
