/* Cairo 1.16 structure-tag edge cases. Usage: ./tags CASE  (writes out/CASE.pdf)
 * Each case runs in its own process (driver script), so a crash only kills that case. */
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cairo_surface_t *S;
static cairo_t *cr;
static char path[256];

static void report(const char *where) {
    cairo_status_t cs = cairo_status(cr), ss = cairo_surface_status(S);
    if (cs || ss)
        printf("  [%s] context=%s surface=%s\n", where, cairo_status_to_string(cs), cairo_status_to_string(ss));
}
static void pdf_open(const char *name) {
    snprintf(path, sizeof path, "out/%s.pdf", name);
    S = cairo_pdf_surface_create(path, 595, 842);
    cairo_pdf_surface_restrict_to_version(S, CAIRO_PDF_VERSION_1_5);
    cairo_pdf_surface_set_metadata(S, CAIRO_PDF_METADATA_TITLE, "Tag test");
    cr = cairo_create(S);
}
static void finish(void) {
    report("before finish");
    cairo_surface_finish(S);
    report("after finish");
    cairo_destroy(cr);
    cairo_surface_destroy(S);
}
static void text(const char *s, double y) { /* Pango, like the project */
    PangoLayout *l = pango_cairo_create_layout(cr);
    PangoFontDescription *d = pango_font_description_from_string("DejaVu Sans 12");
    pango_layout_set_font_description(l, d);
    pango_layout_set_width(l, 500 * PANGO_SCALE);
    pango_layout_set_text(l, s, -1);
    cairo_move_to(cr, 40, y);
    pango_cairo_show_layout(cr, l);
    pango_font_description_free(d);
    g_object_unref(l);
}
static cairo_surface_t *img(void) {
    cairo_surface_t *im = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64);
    cairo_t *c = cairo_create(im);
    cairo_set_source_rgba(c, 0.2, 0.4, 0.8, 0.8);
    cairo_arc(c, 32, 32, 30, 0, 6.3); cairo_fill(c);
    cairo_destroy(c);
    return im;
}
#define B(t, a) cairo_tag_begin(cr, t, a)
#define E(t) cairo_tag_end(cr, t)
#define IS(n) (strcmp(c, n) == 0)

int main(int argc, char **argv) {
    const char *c = argv[1];
    if (IS("image_surface")) { /* tags on a cairo image surface, not PDF */
        S = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 200); cr = cairo_create(S);
        B("Document", ""); B("P", ""); text("hi", 10); E("P");
        B(CAIRO_TAG_LINK, "uri='https://example.org' rect=[0 0 10 10]"); E(CAIRO_TAG_LINK); E("Document");
        report("image"); cairo_surface_write_to_png(S, "out/image_surface.png"); report("png");
        cairo_destroy(cr); cairo_surface_destroy(S); return 0;
    }
    if (IS("recording_replay")) { /* tags recorded on a recording surface, replayed into a PDF */
        cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
        cairo_t *rc = cairo_create(rec);
        cairo_tag_begin(rc, "P", ""); cairo_move_to(rc, 40, 40); cairo_show_text(rc, "recorded");
        cairo_tag_end(rc, "P");
        cairo_tag_begin(rc, CAIRO_TAG_LINK, "uri='https://example.org' rect=[40 60 100 20]"); cairo_tag_end(rc, CAIRO_TAG_LINK);
        printf("  recording ctx status=%s\n", cairo_status_to_string(cairo_status(rc)));
        cairo_destroy(rc);
        pdf_open(c); B("Document", "");
        cairo_set_source_surface(cr, rec, 0, 0); cairo_paint(cr);
        E("Document"); finish(); cairo_surface_destroy(rec); return 0;
    }
    pdf_open(c);
    if (IS("pango_in_tags")) {
        B("Document", ""); B("H1", ""); text("Heading Ünïcödé", 40); E("H1");
        B("P", ""); text("A paragraph drawn by pango_cairo_show_layout, long enough to wrap across more than one line of the layout width. Ligatures: ffi fl.", 80); E("P");
        E("Document");
    } else if (IS("figure_image")) {
        cairo_surface_t *im = img();
        B("Document", ""); B("Figure", "");
        cairo_set_source_surface(cr, im, 100, 100); cairo_paint(cr);
        E("Figure"); E("Document"); cairo_surface_destroy(im);
    } else if (IS("figure_image_twice")) { /* same image painted twice in one page, both in Figure */
        cairo_surface_t *im = img();
        B("Document", "");
        for (int i = 0; i < 2; i++) { B("Figure", ""); cairo_set_source_surface(cr, im, 100, 100 + 80 * i); cairo_paint(cr); E("Figure"); }
        E("Document"); cairo_surface_destroy(im);
    } else if (IS("figure_alt_attr")) { /* attributes on a structure tag (not supported in 1.16?) */
        cairo_surface_t *im = img();
        B("Figure", "alt='A blue disc'"); cairo_set_source_surface(cr, im, 100, 100); cairo_paint(cr); E("Figure");
        cairo_surface_destroy(im);
    } else if (IS("nested50")) {
        for (int i = 0; i < 50; i++) B("Div", "");
        text("deep", 40);
        for (int i = 0; i < 50; i++) E("Div");
    } else if (IS("nested50_text_each")) {
        for (int i = 0; i < 50; i++) { B("Div", ""); cairo_move_to(cr, 40, 20 + i * 15); cairo_show_text(cr, "level"); }
        for (int i = 0; i < 50; i++) E("Div");
    } else if (IS("nested500")) {
        for (int i = 0; i < 500; i++) B("Div", "");
        text("deeper", 40);
        for (int i = 0; i < 500; i++) E("Div");
    } else if (IS("close_later_page")) {
        B("Document", ""); B("P", ""); text("starts on page 1", 40); cairo_show_page(cr);
        text("continues on page 2", 40); cairo_show_page(cr);
        text("ends on page 3", 40); E("P"); E("Document");
    } else if (IS("open_empty_then_later_page")) { /* tag opened on page 1 with no content there */
        B("Document", ""); B("P", ""); cairo_show_page(cr); text("content only on page 2", 40); E("P"); E("Document");
    } else if (IS("empty_tag")) {
        B("Document", ""); B("P", ""); E("P"); B("H1", ""); text("x", 40); E("H1"); E("Document");
    } else if (IS("empty_only_tags")) { /* a document whose only structure is empty */
        B("Document", ""); B("P", ""); E("P"); E("Document");
    } else if (IS("empty_figure")) {
        B("Document", ""); B("Figure", ""); E("Figure"); text("after", 40); E("Document");
    } else if (IS("empty_tag_after_last_page")) {
        B("Document", ""); text("p1", 40); cairo_show_page(cr); B("P", ""); E("P"); E("Document");
    } else if (IS("outline_and_tags")) {
        B("Document", "");
        for (int p = 1; p <= 3; p++) { B("H1", ""); text("Section", 40); E("H1"); B("P", ""); text("body", 80); E("P"); cairo_show_page(cr); }
        E("Document");
        int id = cairo_pdf_surface_add_outline(S, CAIRO_PDF_OUTLINE_ROOT, "One", "page=1 pos=[0 40]", 0);
        cairo_pdf_surface_add_outline(S, id, "Two", "page=2 pos=[0 40]", 0);
        cairo_pdf_surface_add_outline(S, CAIRO_PDF_OUTLINE_ROOT, "Three", "page=3 pos=[0 40]", CAIRO_PDF_OUTLINE_FLAG_OPEN);
    } else if (IS("outline_before_pages")) { /* outline to a page not yet drawn */
        cairo_pdf_surface_add_outline(S, CAIRO_PDF_OUTLINE_ROOT, "Later", "page=3 pos=[0 40]", 0);
        B("Document", ""); for (int p = 1; p <= 3; p++) { B("P", ""); text("x", 40); E("P"); cairo_show_page(cr); } E("Document");
    } else if (IS("outline_to_dest")) {
        B("Document", ""); text("p1", 40); cairo_show_page(cr);
        B(CAIRO_TAG_DEST, "name='sec2'"); B("H1", ""); text("Sec 2", 40); E("H1"); E(CAIRO_TAG_DEST); E("Document");
        cairo_pdf_surface_add_outline(S, CAIRO_PDF_OUTLINE_ROOT, "Sec2", "dest='sec2'", 0);
    } else if (IS("link_dest_forward")) { /* link on p1 to a named dest on p2 */
        B("Document", ""); B("P", "");
        B(CAIRO_TAG_LINK, "dest='there'"); text("go to page 2", 40); E(CAIRO_TAG_LINK); E("P");
        cairo_show_page(cr);
        B(CAIRO_TAG_DEST, "name='there'"); B("H1", ""); text("Here", 40); E("H1"); E(CAIRO_TAG_DEST); E("Document");
    } else if (IS("link_dest_backward")) {
        B("Document", ""); B(CAIRO_TAG_DEST, "name='top'"); B("H1", ""); text("Top", 40); E("H1"); E(CAIRO_TAG_DEST);
        cairo_show_page(cr);
        B("P", ""); B(CAIRO_TAG_LINK, "dest='top'"); text("back", 40); E(CAIRO_TAG_LINK); E("P"); E("Document");
    } else if (IS("link_dest_undefined")) {
        B(CAIRO_TAG_LINK, "dest='nowhere'"); text("dangling", 40); E(CAIRO_TAG_LINK);
    } else if (IS("link_page_forward")) { /* page=N to a page not yet drawn (mailing list 2021-07) */
        B(CAIRO_TAG_LINK, "page=3 pos=[0 0]"); text("to page 3", 40); E(CAIRO_TAG_LINK);
        cairo_show_page(cr); text("p2", 40); cairo_show_page(cr); text("p3", 40);
    } else if (IS("link_page_forward_rect")) {
        B(CAIRO_TAG_LINK, "rect=[40 40 100 20] page=3 pos=[0 0]"); E(CAIRO_TAG_LINK);
        cairo_show_page(cr); text("p2", 40); cairo_show_page(cr); text("p3", 40);
    } else if (IS("link_page_backward")) {
        text("p1", 40); cairo_show_page(cr);
        B(CAIRO_TAG_LINK, "page=1 pos=[0 0]"); text("to page 1", 40); E(CAIRO_TAG_LINK);
    } else if (IS("link_uri_in_p")) {
        B("Document", ""); B("P", ""); text("see ", 40);
        B(CAIRO_TAG_LINK, "uri='https://example.org/a?b=c&d=e'"); text("example.org", 60); E(CAIRO_TAG_LINK);
        E("P"); E("Document");
    } else if (IS("link_across_pages")) {
        B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("p1 part", 40); cairo_show_page(cr); text("p2 part", 40); E(CAIRO_TAG_LINK);
    } else if (IS("link_empty")) {
        B(CAIRO_TAG_LINK, "uri='https://example.org'"); E(CAIRO_TAG_LINK); text("x", 40);
    } else if (IS("link_quote_in_uri")) {
        B(CAIRO_TAG_LINK, "uri='''"); text("x", 40); E(CAIRO_TAG_LINK);
    } else if (IS("push_group_in_tag")) { /* the project's emoji path: clip + group + image inside a tag */
        cairo_surface_t *im = img();
        B("Document", ""); B("P", ""); text("emoji follows", 40);
        cairo_save(cr); cairo_translate(cr, 200, 40); cairo_rectangle(cr, 0, 0, 64, 64); cairo_clip(cr);
        cairo_push_group(cr); cairo_set_source_surface(cr, im, 0, 0); cairo_paint(cr);
        cairo_pop_group_to_source(cr); cairo_paint(cr); cairo_restore(cr);
        E("P"); E("Document"); cairo_surface_destroy(im);
    } else if (IS("tag_inside_group")) { /* tag begun and ended while a group is pushed */
        B("Document", ""); cairo_push_group(cr); B("P", ""); text("in group", 40); E("P");
        cairo_pop_group_to_source(cr); cairo_paint(cr); E("Document");
    } else if (IS("tag_crosses_group")) { /* begun inside a group, ended outside */
        B("Document", ""); cairo_push_group(cr); B("P", ""); text("in group", 40);
        cairo_pop_group_to_source(cr); cairo_paint(cr); E("P"); E("Document");
    } else if (IS("link_inside_group")) {
        cairo_push_group(cr); B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("grouped link", 40); E(CAIRO_TAG_LINK);
        cairo_pop_group_to_source(cr); cairo_paint(cr);
    } else if (IS("unclosed_at_finish")) {
        B("Document", ""); B("P", ""); text("never closed", 40);
    } else if (IS("unclosed_link_at_finish")) {
        B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("never closed", 40);
    } else if (IS("end_without_begin")) {
        text("x", 40); E("P");
    } else if (IS("end_wrong_name")) {
        B("P", ""); text("x", 40); E("H1");
    } else if (IS("emoji_in_tag")) { /* colour font drawn directly by Pango inside a tag */
        B("Document", ""); B("P", ""); text("Emoji: \xF0\x9F\x98\x80 \xF0\x9F\x9A\x86 \xE2\x9C\x88\xEF\xB8\x8F", 40); E("P"); E("Document");
    } else if (IS("fallback_in_tag")) { /* an operator PDF cannot express -> fallback image */
        B("Document", ""); B("P", ""); text("under", 40);
        cairo_set_operator(cr, CAIRO_OPERATOR_SATURATE); cairo_set_source_rgba(cr, 1, 0, 0, 0.5);
        cairo_rectangle(cr, 30, 30, 200, 40); cairo_fill(cr); E("P"); E("Document");
    } else if (IS("table")) {
        B("Document", ""); B("Table", "");
        for (int r = 0; r < 3; r++) { B("TR", ""); for (int k = 0; k < 3; k++) { B(r ? "TD" : "TH", ""); cairo_move_to(cr, 40 + k * 100, 40 + r * 20); cairo_show_text(cr, "cell"); E(r ? "TD" : "TH"); } E("TR"); }
        E("Table"); E("Document");
    } else if (IS("set_size_open_tag")) {
        B("Document", ""); B("P", ""); text("a4", 40); cairo_show_page(cr);
        cairo_pdf_surface_set_size(S, 842, 595); text("landscape", 40); E("P"); E("Document");
    } else if (IS("many_pages")) {
        B("Document", "");
        for (int p = 0; p < 300; p++) { B("H1", ""); text("Page", 40); E("H1"); for (int k = 0; k < 20; k++) { B("P", ""); text("line", 80 + k * 20); E("P"); } cairo_show_page(cr); }
        E("Document");
    } else if (IS("copy_page")) {
        B("Document", ""); B("P", ""); text("copied", 40); E("P"); cairo_copy_page(cr); text("more", 80); E("Document");
    } else if (IS("two_contexts")) {
        cairo_t *c2 = cairo_create(S);
        B("Document", ""); cairo_tag_begin(c2, "P", ""); cairo_move_to(c2, 40, 40); cairo_show_text(c2, "c2"); cairo_tag_end(c2, "P"); E("Document");
        cairo_destroy(c2);
    } else if (IS("odd_tag_name")) {
        B("NotAStandardRole", ""); text("x", 40); E("NotAStandardRole");
    } else if (IS("page_label")) {
        cairo_pdf_surface_set_page_label(S, "i"); B("P", ""); text("x", 40); E("P");
    } else if (IS("no_pages_drawn")) {
        B("Document", ""); E("Document");
    } else if (IS("figure_rect_fill")) {
        B("Document", ""); B("Figure", ""); cairo_rectangle(cr, 100, 100, 50, 50); cairo_fill(cr); E("Figure"); E("Document");
    } else if (IS("p_image_paint")) {
        cairo_surface_t *im = img();
        B("Document", ""); B("P", ""); cairo_set_source_surface(cr, im, 100, 100); cairo_paint(cr); E("P"); E("Document"); cairo_surface_destroy(im);
    } else if (IS("figure_image_fill_rect")) { /* image drawn as a fill of its rectangle instead of paint */
        cairo_surface_t *im = img();
        B("Document", ""); B("Figure", ""); cairo_set_source_surface(cr, im, 100, 100); cairo_rectangle(cr, 100, 100, 64, 64); cairo_fill(cr); E("Figure"); E("Document"); cairo_surface_destroy(im);
    } else if (IS("figure_image_clip_paint")) {
        cairo_surface_t *im = img();
        B("Document", ""); B("Figure", ""); cairo_save(cr); cairo_rectangle(cr, 100, 100, 64, 64); cairo_clip(cr); cairo_set_source_surface(cr, im, 100, 100); cairo_paint(cr); cairo_restore(cr); E("Figure"); E("Document"); cairo_surface_destroy(im);
    } else if (IS("p_rgb_paint")) { /* a plain unbounded paint inside a tag */
        B("Document", ""); B("P", ""); cairo_set_source_rgb(cr, 1, 1, 0.9); cairo_paint(cr); E("P"); E("Document");
    } else if (IS("p_rgb_paint_clipped")) {
        B("Document", ""); B("P", ""); cairo_rectangle(cr, 10, 10, 100, 100); cairo_clip(cr); cairo_set_source_rgb(cr, 1, 1, 0.9); cairo_paint(cr); E("P"); E("Document");
    } else if (IS("link_page_in_p")) {
        B("Document", ""); text("p1", 40); cairo_show_page(cr);
        B("P", ""); B(CAIRO_TAG_LINK, "page=1 pos=[0 0]"); text("to page 1", 40); E(CAIRO_TAG_LINK); E("P"); E("Document");
    } else if (IS("link_page_forward_in_p")) {
        B("Document", ""); B("P", ""); B(CAIRO_TAG_LINK, "page=2 pos=[0 0]"); text("to page 2", 40); E(CAIRO_TAG_LINK); E("P");
        cairo_show_page(cr); text("p2", 40); E("Document");
    } else if (IS("link_uri_toplevel")) {
        B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("bare link", 40); E(CAIRO_TAG_LINK);
    } else if (IS("link_uri_toplevel_page2")) {
        text("p1", 40); cairo_show_page(cr); B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("bare link", 40); E(CAIRO_TAG_LINK);
    } else if (IS("link_uri_doc_page2")) {
        B("Document", ""); text("p1", 40); cairo_show_page(cr); B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("link on p2", 40); E(CAIRO_TAG_LINK); E("Document");
    } else if (IS("link_uri_rect_toplevel")) {
        B(CAIRO_TAG_LINK, "uri='https://example.org' rect=[40 40 100 20]"); E(CAIRO_TAG_LINK); text("x", 40);
    } else if (IS("link_across_pages_in_p")) {
        B("Document", ""); B("P", ""); B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("p1 part", 40); cairo_show_page(cr); text("p2 part", 40); E(CAIRO_TAG_LINK); E("P"); E("Document");
    } else if (IS("group_no_tags_then_tags")) { /* a group elsewhere on a tagged page, tags outside it */
        B("Document", ""); B("P", ""); text("tagged", 40); E("P");
        cairo_push_group(cr); cairo_rectangle(cr, 10, 10, 20, 20); cairo_fill(cr); cairo_pop_group_to_source(cr); cairo_paint(cr);
        B("P", ""); text("after group", 80); E("P"); E("Document");
    } else if (IS("figure_alt_attr_clipped")) {
        cairo_surface_t *im = img();
        B("Document", ""); B("Figure", "alt='A blue disc'"); cairo_rectangle(cr, 100, 100, 64, 64); cairo_clip(cr);
        cairo_set_source_surface(cr, im, 100, 100); cairo_paint(cr); E("Figure"); E("Document"); cairo_surface_destroy(im);
    } else if (IS("odd_tag_name_in_doc")) {
        B("Document", ""); B("NotAStandardRole", ""); text("x", 40); E("NotAStandardRole"); E("Document");
    } else if (IS("artifact_name")) {
        B("Document", ""); B("Artifact", ""); text("header", 40); E("Artifact"); B("P", ""); text("body", 80); E("P"); E("Document");
    } else if (IS("recording_replay_clipped")) {
        cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
        cairo_t *rc = cairo_create(rec);
        cairo_tag_begin(rc, "P", ""); cairo_move_to(rc, 40, 40); cairo_show_text(rc, "recorded"); cairo_tag_end(rc, "P");
        cairo_destroy(rc);
        B("Document", ""); cairo_rectangle(cr, 0, 0, 595, 842); cairo_clip(cr);
        cairo_set_source_surface(cr, rec, 0, 0); cairo_paint(cr); E("Document"); cairo_surface_destroy(rec);
    } else if (IS("unclipped_paint_outside_tags")) { /* a page background painted before any tag opens */
        cairo_set_source_rgb(cr, 1, 1, 0.9); cairo_paint(cr); cairo_set_source_rgb(cr, 0, 0, 0);
        B("Document", ""); B("P", ""); text("on a background", 40); E("P"); E("Document");
    } else if (IS("link_dest_undefined_in_p")) {
        B("Document", ""); B("P", ""); B(CAIRO_TAG_LINK, "dest='nowhere'"); text("dangling", 40); E(CAIRO_TAG_LINK); E("P"); E("Document");
    } else if (IS("link_empty_in_p")) {
        B("Document", ""); B("P", ""); B(CAIRO_TAG_LINK, "uri='https://example.org'"); E(CAIRO_TAG_LINK); text("x", 40); E("P"); E("Document");
    } else if (IS("tag_in_group_discarded")) { /* group popped and destroyed, never painted */
        B("Document", ""); cairo_push_group(cr); B("P", ""); text("in group", 40); E("P");
        cairo_pattern_t *pat = cairo_pop_group(cr); cairo_pattern_destroy(pat); E("Document");
    } else if (IS("dest_in_group")) {
        B("Document", ""); cairo_push_group(cr); B(CAIRO_TAG_DEST, "name='d'"); text("dest", 40); E(CAIRO_TAG_DEST);
        cairo_pop_group_to_source(cr); cairo_paint(cr); E("Document");
    } else if (IS("tag_in_group_then_show_page")) {
        B("Document", ""); cairo_push_group(cr); B("P", ""); text("in group", 40); E("P");
        cairo_pop_group_to_source(cr); cairo_paint(cr); fprintf(stderr, "  before show_page\n"); cairo_show_page(cr);
        fprintf(stderr, "  after show_page\n"); text("p2", 40); E("Document");
    } else if (IS("tag_in_similar_surface")) {
        cairo_surface_t *sim = cairo_surface_create_similar(S, CAIRO_CONTENT_COLOR_ALPHA, 200, 200);
        cairo_t *c2 = cairo_create(sim); cairo_tag_begin(c2, "P", ""); cairo_move_to(c2, 10, 20); cairo_show_text(c2, "similar"); cairo_tag_end(c2, "P");
        fprintf(stderr, "  similar type=%d status=%s\n", cairo_surface_get_type(sim), cairo_status_to_string(cairo_status(c2))); cairo_destroy(c2);
        B("Document", ""); cairo_rectangle(cr, 0, 0, 200, 200); cairo_clip(cr); cairo_set_source_surface(cr, sim, 0, 0); cairo_paint(cr); E("Document");
        cairo_surface_destroy(sim);
    } else if (IS("tag_inside_group_source_reset")) { /* same, but the group pattern is released before finish */
        B("Document", ""); cairo_push_group(cr); B("P", ""); text("in group", 40); E("P");
        cairo_pop_group_to_source(cr); cairo_paint(cr); cairo_set_source_rgb(cr, 0, 0, 0); E("Document");
    } else if (IS("tag_inside_group_destroy_first")) { /* context destroyed before the surface is finished */
        B("Document", ""); cairo_push_group(cr); B("P", ""); text("in group", 40); E("P");
        cairo_pop_group_to_source(cr); cairo_paint(cr); E("Document");
        cairo_destroy(cr); fprintf(stderr, "  ctx destroyed\n"); cairo_surface_finish(S); fprintf(stderr, "  finished: %s\n", cairo_status_to_string(cairo_surface_status(S)));
        cairo_surface_destroy(S); return 0;
    } else if (IS("ua_sample")) { /* the shapes that work: every drawing inside a structure tag, images clipped */
        cairo_surface_t *im = img();
        B("Document", ""); B("H1", ""); text("Itinerary \xE2\x80\x93 \xC3\x9C" "bersicht, office", 40); E("H1");
        B("P", ""); text("A paragraph with a ", 80);
        B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("link", 100); E(CAIRO_TAG_LINK); E("P");
        B("Figure", ""); cairo_save(cr); cairo_rectangle(cr, 100, 140, 64, 64); cairo_clip(cr);
        cairo_set_source_surface(cr, im, 100, 140); cairo_paint(cr); cairo_restore(cr); E("Figure");
        cairo_show_page(cr); B("P", ""); text("Page two", 40); E("P"); E("Document");
        cairo_surface_destroy(im);
    } else if (IS("ua_sample_spans")) { /* as ua_sample, but text of a P that has a Link child sits in a Span leaf */
        cairo_surface_t *im = img();
        B("Document", ""); B("H1", ""); text("Itinerary \xE2\x80\x93 \xC3\x9C" "bersicht, office", 40); E("H1");
        B("P", ""); B("Span", ""); text("A paragraph with a ", 80); E("Span");
        B(CAIRO_TAG_LINK, "uri='https://example.org'"); text("link", 100); E(CAIRO_TAG_LINK); E("P");
        B("Figure", ""); cairo_save(cr); cairo_rectangle(cr, 100, 140, 64, 64); cairo_clip(cr);
        cairo_set_source_surface(cr, im, 100, 140); cairo_paint(cr); cairo_restore(cr); E("Figure");
        cairo_show_page(cr); B("P", ""); text("Page two", 40); E("P"); E("Document");
        cairo_surface_destroy(im);
    } else if (IS("lang_attr")) {
        B("P", "lang='en-US'"); text("x", 40); E("P");
    } else { fprintf(stderr, "unknown case %s\n", c); return 2; }
    finish();
    return 0;
}
