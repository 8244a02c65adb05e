#ifndef ITINERARY_CQRENCODE_SHIM_H
#define ITINERARY_CQRENCODE_SHIM_H

#include <qrencode.h>

#endif
