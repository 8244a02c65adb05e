#ifndef ITINERARY_PROCESS_SETTINGS_H
#define ITINERARY_PROCESS_SETTINGS_H

/// Settings of a whole process, for the project's executables alone (ProcessSettings, Sources/ItineraryProcess):
/// only ItineraryProcess links this module, so a program that embeds ItineraryKit cannot reach them.

/// Fixes glibc's mapping threshold at `bytes` (mallopt's M_MMAP_THRESHOLD, a macro of <malloc.h>, which Swift's
/// Glibc module does not show).
void itinerary_process_mmap_threshold(int bytes);

#endif
