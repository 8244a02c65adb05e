#include "process_settings.h"

#include <malloc.h>

void itinerary_process_mmap_threshold(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
}
