#ifndef ITINERARY_HOST_SHIM_H
#define ITINERARY_HOST_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdlib.h>
#include <unistd.h>

/// glibc's dladdr and its Dl_info, declared here: <dlfcn.h> has them only under _GNU_SOURCE, which
/// would give this module other definitions of the system's types than Swift's own modules have.
typedef struct {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
} host_dl_info;
extern int dladdr(const void *address, host_dl_info *info);

/// The file of the shared object (or program) that defines the symbol the dynamic linker
/// gives for `name` (dlsym with RTLD_DEFAULT, a null handle), as dladdr names it; NULL when there is none.
static inline const char *host_symbol_file(const char *name) {
    void *address = dlsym((void *)0, name);
    host_dl_info info;
    if (!address || !dladdr(address, &info)) return NULL;
    return info.dli_fname;
}

/// The process's environment, as the C library holds it.
extern char **environ; /* POSIX's, declared by <unistd.h> only under _GNU_SOURCE */
static inline char **host_environment(void) {
    return environ;
}

/// A Pango font map's fontconfig configuration; the cast is a GObject macro Swift cannot see.
static inline FcConfig *host_font_map_config(PangoFontMap *map) {
    return pango_fc_font_map_get_config(PANGO_FC_FONT_MAP(map));
}

/// Makes a font map this thread's default Pango font map; the cast is a GObject macro Swift cannot see.
static inline void host_set_default_font_map(PangoFontMap *map) {
    pango_cairo_font_map_set_default(PANGO_CAIRO_FONT_MAP(map));
}

#endif
