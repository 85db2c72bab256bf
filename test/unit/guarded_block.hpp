/*
 * guarded_block.hpp — a 4 kB block of memory between two inaccessible pages, for texts read
 * a word at a time: a read outside the block a text starts in faults instead of passing
 * unseen (AddressSanitizer does not check those reads, see compact_decimal.hpp).
 */
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

class GuardedBlock {
  public:
    static constexpr size_t kBlock = 4096;

    GuardedBlock() {
        page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        if (page_ < kBlock || page_ % kBlock != 0)
            std::abort();
        // guard page, the block (at the end of its page, so that a guard follows it), guard page
        void* m = mmap(nullptr, 3 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED)
            std::abort();
        base_ = static_cast<char*>(m);
        if (mprotect(base_, page_, PROT_NONE) != 0 || mprotect(base_ + 2 * page_, page_, PROT_NONE) != 0)
            std::abort();
        block_ = base_ + 2 * page_ - kBlock;
    }
    ~GuardedBlock() { munmap(base_, 3 * page_); }
    GuardedBlock(const GuardedBlock&) = delete;
    GuardedBlock& operator=(const GuardedBlock&) = delete;

    /* `text` and its NUL copied to block offset `offset` (it must fit), the 32 bytes on
     * either side filled with `fill`; returns where the text starts. */
    const char* place(const std::string& text, size_t offset, char fill = '7') {
        if (offset + text.size() + 1 > kBlock)
            std::abort();
        const size_t from = offset < 32 ? 0 : offset - 32;
        const size_t to = offset + text.size() + 1 + 32 > kBlock ? kBlock : offset + text.size() + 1 + 32;
        std::memset(block_ + from, fill, to - from);
        std::memcpy(block_ + offset, text.c_str(), text.size() + 1);
        return block_ + offset;
    }
    /* The same, with the text's NUL as the block's last byte. */
    const char* place_at_end(const std::string& text, char fill = '7') {
        return place(text, kBlock - text.size() - 1, fill);
    }

  private:
    size_t page_;
    char* base_;
    char* block_;
};
