#ifndef ITINERARY_CCAIRO_SHIM_H
#define ITINERARY_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <zlib.h>
#include <dlfcn.h>
#include <pthread.h>
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

/// librsvg (a theme's SVG logo), loaded at the first SVG logo (dlopen) rather than linked: a program that
/// draws none, and most documents have none, never maps it and the dozen libraries it brings (GIO, GdkPixbuf,
/// libxml2, …: 3.4 MB of every process's memory, issue #52). Its three types the library uses are declared
/// here as librsvg 2.46 and later define them (<librsvg/rsvg.h> would need GdkPixbuf's headers, and
/// pkg-config's librsvg-2.0 would link it). These wrap the four functions the library calls; without
/// librsvg installed, reading an SVG fails with its sentence.
typedef struct _RsvgHandle RsvgHandle;
typedef struct {
    double x, y, width, height;
} RsvgRectangle;
typedef enum { ITINERARY_RSVG_UNIT_PERCENT } RsvgUnit;
typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;

typedef struct {
    RsvgHandle *(*new_from_data)(const guint8 *, gsize, GError **);
    gboolean (*get_intrinsic_size_in_pixels)(RsvgHandle *, gdouble *, gdouble *);
    void (*get_intrinsic_dimensions)(RsvgHandle *, gboolean *, RsvgLength *, gboolean *, RsvgLength *, gboolean *,
                                     RsvgRectangle *);
    gboolean (*render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
} itinerary_rsvg_functions;

static inline itinerary_rsvg_functions itinerary_rsvg_load(void) {
    itinerary_rsvg_functions none = {NULL, NULL, NULL, NULL};
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) return none;
    itinerary_rsvg_functions found = {
        (RsvgHandle * (*)(const guint8 *, gsize, GError **)) dlsym(library, "rsvg_handle_new_from_data"),
        (gboolean(*)(RsvgHandle *, gdouble *, gdouble *))dlsym(library, "rsvg_handle_get_intrinsic_size_in_pixels"),
        (void (*)(RsvgHandle *, gboolean *, RsvgLength *, gboolean *, RsvgLength *, gboolean *, RsvgRectangle *))dlsym(
            library, "rsvg_handle_get_intrinsic_dimensions"),
        (gboolean(*)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **))dlsym(library,
                                                                                      "rsvg_handle_render_document"),
    };
    if (found.new_from_data && found.get_intrinsic_size_in_pixels && found.get_intrinsic_dimensions &&
        found.render_document)
        return found;
    return none;
}

/// librsvg's functions, loaded once (the state lives in this function: Swift emits a header's functions, not
/// its variables); NULL members when librsvg cannot be loaded.
static inline const itinerary_rsvg_functions *itinerary_rsvg(void) {
    static itinerary_rsvg_functions functions;
    static int loaded;
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    if (!loaded) {
        functions = itinerary_rsvg_load();
        loaded = 1;
    }
    pthread_mutex_unlock(&lock);
    return &functions;
}

/// rsvg_handle_new_from_data, or NULL with an error saying librsvg is missing.
static inline RsvgHandle *itinerary_rsvg_handle_new_from_data(const guint8 *data, gsize size, GError **error) {
    const itinerary_rsvg_functions *rsvg = itinerary_rsvg();
    if (!rsvg->new_from_data) {
        g_set_error_literal(error, g_quark_from_static_string("itinerary"), 1, "librsvg-2.so.2 cannot be loaded");
        return NULL;
    }
    return rsvg->new_from_data(data, size, error);
}

/// rsvg_handle_get_intrinsic_size_in_pixels; only called on a handle, so librsvg is loaded.
static inline gboolean itinerary_rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *width,
                                                                          gdouble *height) {
    return itinerary_rsvg()->get_intrinsic_size_in_pixels(handle, width, height);
}

/// rsvg_handle_get_intrinsic_dimensions; only called on a handle, so librsvg is loaded.
static inline void itinerary_rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *has_width,
                                                                  RsvgLength *width, gboolean *has_height,
                                                                  RsvgLength *height, gboolean *has_viewbox,
                                                                  RsvgRectangle *viewbox) {
    itinerary_rsvg()->get_intrinsic_dimensions(handle, has_width, width, has_height, height, has_viewbox, viewbox);
}

/// rsvg_handle_render_document; only called on a handle, so librsvg is loaded.
static inline gboolean itinerary_rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr,
                                                             const RsvgRectangle *viewport, GError **error) {
    return itinerary_rsvg()->render_document(handle, cr, viewport, error);
}

#endif
