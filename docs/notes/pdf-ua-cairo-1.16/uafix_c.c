/* Same via qpdf's C API (qpdf-c.h): memory in, catalog keys + XMP stream, memory out. */
#include <qpdf/qpdf-c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
    char *b = malloc(n); fread(b, 1, n, f); fclose(f);
    qpdf_data q = qpdf_init();
    if (qpdf_read_memory(q, "cairo.pdf", b, n, NULL) & QPDF_ERRORS) { fprintf(stderr, "read failed\n"); return 1; }
    qpdf_oh root = qpdf_get_root(q);
    qpdf_oh_replace_key(q, root, "/Lang", qpdf_oh_new_unicode_string(q, "en-US"));
    qpdf_oh_replace_key(q, root, "/MarkInfo", qpdf_oh_parse(q, "<< /Marked true >>"));
    qpdf_oh_replace_key(q, root, "/ViewerPreferences", qpdf_oh_parse(q, "<< /DisplayDocTitle true >>"));
    const char *xmp = "<?xpacket begin=\"\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\"><dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Tag test</rdf:li></rdf:Alt></dc:title><pdfuaid:part>1</pdfuaid:part></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>";
    qpdf_oh s = qpdf_oh_new_stream(q);
    qpdf_oh_replace_stream_data(q, s, (unsigned char const *)xmp, strlen(xmp), qpdf_oh_parse(q, "null"), qpdf_oh_parse(q, "null"));
    qpdf_oh d = qpdf_oh_get_dict(q, s);
    qpdf_oh_replace_key(q, d, "/Type", qpdf_oh_new_name(q, "/Metadata"));
    qpdf_oh_replace_key(q, d, "/Subtype", qpdf_oh_new_name(q, "/XML"));
    qpdf_oh_replace_key(q, root, "/Metadata", s);
    if (qpdf_init_write_memory(q) & QPDF_ERRORS) return 1;
    qpdf_set_object_stream_mode(q, qpdf_o_generate);
    if (qpdf_write(q) & QPDF_ERRORS) { fprintf(stderr, "write failed\n"); return 1; }
    FILE *o = fopen(argv[2], "wb"); fwrite(qpdf_get_buffer(q), 1, qpdf_get_buffer_length(q), o); fclose(o);
    printf("C API wrote %zu bytes\n", qpdf_get_buffer_length(q));
    qpdf_cleanup(&q); free(b); return 0;
}
