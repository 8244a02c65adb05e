// Reads a Cairo PDF from memory, adds what Cairo 1.16 cannot write for PDF/UA-1, writes to memory.
// g++ -std=c++17 uafix.cc $(pkg-config --cflags --libs libqpdf) -o uafix ; ./uafix in.pdf out.pdf
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFWriter.hh>
#include <qpdf/Buffer.hh>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

int main(int argc, char **argv) {
    std::ifstream in(argv[1], std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

    QPDF pdf;
    pdf.processMemoryFile("cairo.pdf", bytes.data(), bytes.size()); // from memory
    QPDFObjectHandle root = pdf.getRoot();
    root.replaceKey("/Lang", QPDFObjectHandle::newUnicodeString("en-US"));
    root.replaceKey("/MarkInfo", QPDFObjectHandle::parse("<< /Marked true >>"));
    root.replaceKey("/ViewerPreferences", QPDFObjectHandle::parse("<< /DisplayDocTitle true >>"));

    std::string xmp =
        "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
        "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n"
        "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Tag test</rdf:li></rdf:Alt></dc:title>\n"
        "<pdfuaid:part>1</pdfuaid:part>\n"
        "</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end=\"w\"?>";
    QPDFObjectHandle meta = QPDFObjectHandle::newStream(&pdf, xmp); // uncompressed stream
    meta.getDict().replaceKey("/Type", QPDFObjectHandle::newName("/Metadata"));
    meta.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/XML"));
    root.replaceKey("/Metadata", meta);

    int alts = 0, cidmaps = 0;
    for (auto &obj : pdf.getAllObjects()) {
        if (!obj.isDictionary()) continue;
        if (obj.getKey("/Type").isNameAndEquals("/StructElem") && obj.getKey("/S").isNameAndEquals("/Figure")) {
            obj.replaceKey("/Alt", QPDFObjectHandle::newUnicodeString("A blue disc")); alts++;
        }
        if (obj.getKey("/Subtype").isNameAndEquals("/CIDFontType2") && !obj.hasKey("/CIDToGIDMap")) {
            obj.replaceKey("/CIDToGIDMap", QPDFObjectHandle::newName("/Identity")); cidmaps++;
        }
    }
    int annots = 0;
    for (QPDFObjectHandle page : pdf.getAllPages()) {              // link annotations: /Tabs /S, /Contents, Print flag
        if (!page.hasKey("/Annots")) continue;
        page.replaceKey("/Tabs", QPDFObjectHandle::newName("/S"));
        for (QPDFObjectHandle a : page.getKey("/Annots").aitems()) {
            if (!a.getKey("/Contents").isString()) a.replaceKey("/Contents", QPDFObjectHandle::newUnicodeString("Link to example.org"));
            a.replaceKey("/F", QPDFObjectHandle::newInteger(4)); annots++;
        }
    }
    std::cout << "annotations fixed: " << annots << "\n";
    QPDFWriter w(pdf);
    w.setOutputMemory();                       // to memory
    w.setObjectStreamMode(qpdf_o_generate);
    w.write();
    std::shared_ptr<Buffer> buf(w.getBufferSharedPointer());
    std::ofstream(argv[2], std::ios::binary).write((char const *)buf->getBuffer(), buf->getSize());
    std::cout << "wrote " << buf->getSize() << " bytes; /Alt on " << alts << " figures; CIDToGIDMap on " << cidmaps << " fonts\n";
    return 0;
}
