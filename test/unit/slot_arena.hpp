/*
 * slot_arena.hpp — memory for SumAccum's digit slots in tests and fuzz harnesses (the
 * extension gives it the aggregate's memory context instead); freed with the arena.
 */
#pragma once

#include <memory>
#include <vector>

#include "core/sum_accum.hpp"

struct SlotArena {
    std::vector<std::unique_ptr<char[]>> blocks;
    static void* allocate(void* self, size_t bytes) {
        auto& blocks = static_cast<SlotArena*>(self)->blocks;
        blocks.emplace_back(new char[bytes]);
        return blocks.back().get();
    }
    fastnumeric::SlotAllocator allocator() { return fastnumeric::SlotAllocator{&SlotArena::allocate, this}; }
};
