// The least any finishing with qpdf's library can cost (docs/performance.md, "Accessibility"):
// read a PDF from memory and write it back, changing nothing, streams left as they are.
//   g++ -std=c++17 -O2 -DPOINTERHOLDER_TRANSITION=4 Scripts/bench/qpdf_copy_floor.cc -lqpdf -o /tmp/copy-floor
//   /tmp/copy-floor IN.pdf RUNS [1]   (1: with object streams)
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFWriter.hh>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: copy-floor IN.pdf RUNS [1]\n");
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    std::string data((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    int runs = std::atoi(argv[2]);
    bool object_streams = argc > 3 && std::atoi(argv[3]) == 1;
    if (data.empty() || runs < 1) {
        std::fprintf(stderr, "copy-floor: cannot read %s, or RUNS is not a whole number of at least 1\n", argv[1]);
        return 2;
    }
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < runs; ++i) {
        QPDF pdf;
        pdf.processMemoryFile(argv[1], data.data(), data.size());
        QPDFWriter writer(pdf);
        writer.setOutputMemory();
        writer.setObjectStreamMode(object_streams ? qpdf_o_generate : qpdf_o_disable);
        writer.setDecodeLevel(qpdf_dl_none);
        writer.setCompressStreams(false);
        writer.write();
        writer.getBufferSharedPointer();
    }
    auto end = std::chrono::steady_clock::now();
    std::printf("%s%s: %.2f ms a copy\n", argv[1], object_streams ? " (object streams)" : "",
                std::chrono::duration<double, std::milli>(end - start).count() / runs);
    return 0;
}
