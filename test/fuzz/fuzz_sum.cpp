/*
 * fuzz_sum.cpp — libFuzzer harness for the sum/avg accumulator (src/core/sum_accum).
 *
 * The input drives a moving window, as a window aggregate with a sliding frame and a
 * parallel plan would: add a value, or a run of up to 300 equal values (operands.hpp:
 * canonical bodies, NaN and infinities included; through sum_add_short_body first, as the
 * pg layer does, or sum_add alone), remove the oldest one (the inverse transition), fill a
 * second accumulator and combine it in, or force a carry pass.  After every step, against a reference that keeps the
 * window's exact decimal sum and numeric's NumericAggState counters (maxScale,
 * maxScaleCount, N, NaN/infinity counts, written out from numeric.c's rules):
 *   - the counts, and the special result (NaN, +Infinity, -Infinity) when there is one;
 *   - the per-row path's expected headers, derived from small_frac and max_scale;
 *   - the finite sum, stripped, with dscale maxScale (buffers exactly sum_final_slots big);
 *   - sum_remove refuses exactly when numeric's do_numeric_discard does; the window is then
 *     rebuilt from scratch, as the executor does.
 */
#include <cstring>
#include <deque>
#include <memory>

#include "core/sum_accum.hpp"
#include "../unit/slot_arena.hpp"
#include "operands.hpp"

using namespace fastnumeric;

namespace {

/* numeric's NumericAggState for sum(), with an exact decimal sum. */
struct ReferenceState {
    int64_t n = 0, nan = 0, pinf = 0, ninf = 0;
    int max_scale = 0;
    int64_t max_scale_count = 0;
    ref::Decimal sum;

    void add(const ref::Operand& v, int copies) {   // do_numeric_accum, `copies` times
        if (v.kind == Kind::NaN) {
            nan += copies;
            return;
        }
        if (v.kind == Kind::PosInf) {
            pinf += copies;
            return;
        }
        if (v.kind == Kind::NegInf) {
            ninf += copies;
            return;
        }
        if (v.dscale > max_scale) {
            max_scale = v.dscale;
            max_scale_count = copies;
        } else if (v.dscale == max_scale) {
            max_scale_count += copies;
        }
        n += copies;
        sum = ref::add(sum, ref::multiply(v.value, ref::make_decimal(false, std::to_string(copies), 0)));
    }

    bool remove(const ref::Operand& v) {   // do_numeric_discard
        if (v.kind == Kind::NaN) {
            --nan;
            return true;
        }
        if (v.kind == Kind::PosInf) {
            --pinf;
            return true;
        }
        if (v.kind == Kind::NegInf) {
            --ninf;
            return true;
        }
        if (v.dscale == max_scale) {
            if (max_scale_count > 1 || max_scale == 0) {
                --max_scale_count;
            } else if (n == 1) {
                max_scale = 0;
                max_scale_count = 0;
            } else {
                return false;
            }
        }
        if (n-- > 1)
            sum = ref::add(sum, ref::negate(v.value));
        else
            sum = ref::Decimal{};
        return true;
    }

    void combine(const ReferenceState& o) {   // numeric_avg_combine
        n += o.n;
        nan += o.nan;
        pinf += o.pinf;
        ninf += o.ninf;
        if (o.max_scale > max_scale) {
            max_scale = o.max_scale;
            max_scale_count = o.max_scale_count;
        } else if (o.max_scale == max_scale) {
            max_scale_count += o.max_scale_count;
        }
        sum = ref::add(sum, o.sum);
    }

    Kind kind() const {   // numeric_sum's order: NaN, then +Inf with -Inf, then the infinities
        if (nan > 0 || (pinf > 0 && ninf > 0))
            return Kind::NaN;
        return pinf > 0 ? Kind::PosInf : ninf > 0 ? Kind::NegInf : Kind::Finite;
    }
};

/* A value the window holds `count` times in a row. */
struct Run {
    ref::Operand value;
    int count;
};

/* An accumulator under test, its reference, and the values it holds in window order. */
struct Window {
    SlotArena arena;
    SumAccum accum;
    ReferenceState reference;
    std::deque<Run> runs;   // a run of equal values is kept once, not copied per value
    size_t size = 0;

    Window() { sum_init(&accum, arena.allocator()); }

    /* Through the per-row path on the stored body first, as the pg layer does, or not. */
    void add(const ref::Operand& v, int copies, bool body_path) {
        const NumericView view = v.view();
        for (int i = 0; i < copies; ++i)
            if (!body_path || !sum_add_short_body(&accum, v.body.data(), v.body.size()))
                sum_add(&accum, view);
        reference.add(v, copies);
        runs.push_back(Run{v, copies});
        size += static_cast<size_t>(copies);
    }

    /* Appends another window's values (after combining its accumulator into this one). */
    void append(const Window& other) {
        runs.insert(runs.end(), other.runs.begin(), other.runs.end());
        size += other.size;
    }

    void pop_oldest() {
        if (--runs.front().count == 0)
            runs.pop_front();
        --size;
    }

    /* The same values again, one by one in window order, into a fresh accumulator. */
    void restart() {
        sum_init(&accum, arena.allocator());
        reference = ReferenceState{};
        const std::deque<Run> kept = std::move(runs);
        runs.clear();
        size = 0;
        for (const Run& r : kept)
            add(r.value, r.count, true);
    }
};

void check_state(const Window& w, const char* step) {
    const SumAccum& s = w.accum;
    const ReferenceState& r = w.reference;
    auto where = [&] { return std::string("after ") + step + ", window of " + std::to_string(w.size); };
    if (s.count != r.n || s.nan_count != r.nan || s.pinf_count != r.pinf || s.ninf_count != r.ninf ||
        s.max_scale != r.max_scale || s.max_scale_count != r.max_scale_count)
        ref::fail("counters differ from numeric's", where());
    ref::check(sum_total_count(s) == r.n + r.nan + r.pinf + r.ninf, "sum_total_count", where());
    SumAccum refreshed = s;   // the per-row path's expected headers follow small_frac and max_scale
    sum_refresh(&refreshed);
    ref::check(std::memcmp(refreshed.per_row_header, s.per_row_header, sizeof s.per_row_header) == 0,
               "per_row_header is up to date", where());
    ref::check(sum_result_kind(s) == r.kind(), "special result", where());
    if (r.kind() != Kind::Finite || r.n == 0)
        return;

    const int slots = sum_final_slots(s);
    std::unique_ptr<int64_t[]> scratch(new int64_t[slots > 0 ? slots : 1]);
    std::unique_ptr<uint16_t[]> digits(new uint16_t[slots > 0 ? slots : 1]);
    const FiniteValue got = sum_final_value(s, scratch.get(), digits.get());
    if (got.ndigits == 0 && (got.negative || got.weight != 0))
        ref::fail("zero sum is positive with weight 0", where());
    if (!ref::same_value(got.negative, got.weight, got.digits, got.ndigits, r.sum) || got.dscale != r.max_scale) {
        const ref::Groups g{got.negative, got.weight, std::vector<int>(got.digits, got.digits + got.ndigits)};
        ref::fail("sum differs from the reference", where() + "\n got  " + ref::describe(g, got.dscale) + "\n want " +
                                                        ref::describe(ref::to_groups(r.sum), r.max_scale));
    }
}

}   // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FuzzedDataProvider in(data, size);
    // Where the far values lie (operands.hpp).  Every check pays for the span from the
    // window's highest group to its lowest, while the slot paths (values past the int128's 9
    // groups either way, big's growth and shifts, carries across slots) are all crossed at
    // spans of a few dozen groups: mostly kNear.  One window in 32 draws them from 10^-2000
    // to 10^1000, up to 750 slots apart (libFuzzer keeps many such windows: a third of a
    // long run's inputs).  Numeric's 16383rd decimal is no limit of the accumulator's;
    // max_scale reaches 16383 by dscale alone.
    constexpr ref::Placement kWideWindow{16, -2000, 1000};
    const ref::Placement where = in.ConsumeIntegralInRange(0, 31) == 0 ? kWideWindow : ref::kNear;
    Window main, partial;
    for (int step = 0; step < 64 && in.remaining_bytes() > 0; ++step) {
        switch (in.ConsumeIntegralInRange(0, 9)) {
        case 0:
        case 1:
        case 2: {
            // a run of equal values (a money column), long enough to overflow the int128
            const ref::Operand v = ref::consume_operand(in, in.ConsumeIntegralInRange(0, 7) == 0, where);
            const int copies = in.ConsumeBool() ? 1 : in.ConsumeIntegralInRange(1, 300);
            main.add(v, copies, in.ConsumeBool());
            check_state(main, "add");
            break;
        }
        case 3:
        case 4:
        case 5: {
            if (main.size == 0)
                break;
            const ref::Operand& oldest = main.runs.front().value;
            const bool removed = sum_remove(&main.accum, oldest.view());
            if (removed != main.reference.remove(oldest))
                ref::fail("sum_remove refuses exactly when numeric does", ref::describe(oldest));
            main.pop_oldest();
            if (!removed)
                main.restart();   // the executor recomputes the frame from scratch
            check_state(main, removed ? "remove" : "remove refused, restart");
            break;
        }
        case 6:
        case 7:
            partial.add(ref::consume_operand(in, in.ConsumeIntegralInRange(0, 7) == 0, where), 1, in.ConsumeBool());
            check_state(partial, "add to the partial state");
            break;
        case 8:
            sum_combine(&main.accum, partial.accum);
            main.reference.combine(partial.reference);
            main.append(partial);
            check_state(main, "combine");
            break;
        case 9:
            digit_sum_carry(&main.accum.big);
            check_state(main, "carry");
            break;
        }
    }
    return 0;
}
