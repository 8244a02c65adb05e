#ifndef ITINERARY_CCAIRO_SHIM_H
#define ITINERARY_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

/// g_object_unref takes a gpointer; Swift sees typed pointers, so release through here.
static inline void itinerary_object_unref(void *object) {
    g_object_unref(object);
}

#endif
