#if canImport(Glibc)
    import CMalloc
#endif

/// How much freed memory glibc's allocator keeps for the next allocation instead of giving it
/// back to the kernel at once.
///
/// By default glibc gives back the free memory at the top of a thread's heap as soon as it
/// passes 128 KiB, and raises that mark only after it has freed a block it mapped on its own
/// (one of 128 KiB or more). Work made of many blocks of less than that never raises it: zlib
/// allocates its 256 KiB of state as 64 KiB blocks, so every coin icon the simulator encodes
/// (and every PNG the app decodes) grew its thread's heap, faulted the pages in, and handed
/// them back with `madvise` when it freed them: a fifth of an icon's CPU. ``keep()`` starts
/// where glibc itself would settle after freeing a block of a megabyte, which bounds what is
/// kept to a few megabytes a heap.
package enum FreedMemory {
    /// Blocks at least this large are mapped on their own and unmapped when freed.
    package static let ownMappingThreshold = 1 << 20
    /// Free memory past this, at the top of a heap, is given back to the kernel.
    package static let keptAtMost = 2 << 20

    /// Sets both thresholds for the whole process, once, at startup before threads allocate.
    /// - Returns: whether the allocator took them (false where it is not glibc's).
    @discardableResult
    package static func keep() -> Bool {
        #if canImport(Glibc)
            return mallopt(M_MMAP_THRESHOLD, Int32(ownMappingThreshold)) == 1 && mallopt(M_TRIM_THRESHOLD, Int32(keptAtMost)) == 1
        #else
            return false
        #endif
    }
}
