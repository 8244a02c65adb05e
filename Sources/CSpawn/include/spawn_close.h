#ifndef ITINERARY_SPAWN_CLOSE_H
#define ITINERARY_SPAWN_CLOSE_H

/// glibc's posix_spawn_file_actions_addclosefrom_np (2.34), which Swift's Glibc module does not show: it is
/// declared only under _GNU_SOURCE. The render pool's workers get no descriptor of the host's but their own.

#include <spawn.h>

/// Adds an action that closes every descriptor from `from` up in the spawned process; 0, or an errno.
int itinerary_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

#endif
