// glibc's mallopt, which Swift's Glibc module leaves out.
#include <malloc.h>
