#ifndef ITINERARY_CRSVG_SHIM_H
#define ITINERARY_CRSVG_SHIM_H

#include <librsvg/rsvg.h>

#endif
