#ifndef ITINERARY_CCAIRO_SHIM_H
#define ITINERARY_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <zlib.h>
#include <fribidi.h>
#include <stdlib.h>
#include <string.h>

/// g_object_unref takes a gpointer; Swift sees typed pointers, so release through here.
static inline void itinerary_object_unref(void *object) {
    g_object_unref(object);
}

/// Gives a Pango font map a fontconfig configuration of its own; the cast is a
/// GObject macro Swift cannot see.
static inline void itinerary_font_map_set_config(PangoFontMap *map, FcConfig *config) {
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
}

/// A Pango font map as a PangoCairo one (every map here is made by pango_cairo_font_map_new); the cast is a
/// GObject macro Swift cannot see.
static inline PangoCairoFontMap *itinerary_cairo_font_map(PangoFontMap *map) {
    return PANGO_CAIRO_FONT_MAP(map);
}

/// The Cairo font behind a Pango font; the cast is a GObject macro Swift cannot see.
static inline cairo_scaled_font_t *itinerary_scaled_font(PangoFont *font) {
    return pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(font));
}

/// Whether a paragraph runs left to right by its first strong character (Unicode's rules P2–P3), as
/// Pango decides it; FriBidi's direction constants are macros Swift cannot see.
static inline int itinerary_paragraph_is_ltr(const FriBidiChar *text, FriBidiStrIndex length) {
    FriBidiCharType types[64];
    FriBidiParType direction = FRIBIDI_PAR_ON;
    /* The first strong character decides: read the text in pieces until one is found. */
    for (FriBidiStrIndex start = 0; start < length && direction == FRIBIDI_PAR_ON; start += 64) {
        FriBidiStrIndex count = length - start < 64 ? length - start : 64;
        fribidi_get_bidi_types(text + start, count, types);
        direction = fribidi_get_par_direction(types, count);
    }
    return direction == FRIBIDI_PAR_LTR;
}


/// Bytes Cairo writes through a stream callback, gathered in C: called for every
/// few bytes Cairo prints, a Swift closure's retain, release and exclusivity checks
/// were 5.4 % of the 14-day book's instructions, and the year's book with its bookings
/// needs them back to stay within 5 % of the book before (issue #36, docs/performance.md).
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} itinerary_bytes;

static inline cairo_status_t itinerary_bytes_write(void *closure, const unsigned char *data, unsigned int length) {
    itinerary_bytes *bytes = (itinerary_bytes *)closure;
    if (bytes->size + length > bytes->capacity) {
        size_t capacity = bytes->capacity ? bytes->capacity : 65536;
        while (capacity < bytes->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(bytes->data, capacity);
        if (!grown) return CAIRO_STATUS_WRITE_ERROR;
        bytes->data = grown;
        bytes->capacity = capacity;
    }
    memcpy(bytes->data + bytes->size, data, length);
    bytes->size += length;
    return CAIRO_STATUS_SUCCESS;
}

#endif
