// ISS's FullRank and FullRankTies (clue_kind::full_rank, full_rank_ties) as
// a rule of the search (clue_model.hpp, dlx/rule.hpp).
//
// The 4n lines are the rows and columns read both ways. On an n x n board of
// n values each digit starts exactly four of them (one from each edge), so a
// rank r means: the line starts with digit (r + 3) / 4 (the model states
// that as a given), and of the three other lines starting with it, exactly
// (r - 1) % 4 read less (ties: a clued line ties with none, unless
// FullRankTies is "any", when the rank counts the lines less). Stating the
// comparison of two lines whose second one is found only in the search (the
// line starting with that digit on another edge) as items would take a
// chain per clue, edge and place of the digit: some 6,000 options per clue.
// The rule instead reads the candidates: for each line that may start with
// the clue's digit, whether it may read less, equal or greater (digit by
// digit, while the two may still be equal), counts the lines that may and
// must read less and greater, and where the counts leave no choice, makes a
// line start with the digit or not, or orders the first place two lines may
// differ. With one digit a cell it is exact.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "clue_model.hpp"
#include "sudoku/clue.hpp"

namespace sudoku::detail {
namespace {

enum : int { ties_never = 0, ties_unclued = 1, ties_any = 2 };
// The ways a line may compare with a clued one.
constexpr unsigned less = 1, equal = 2, greater = 4;

int lowest(std::uint64_t m) {
  return std::countr_zero(m);
}
int highest(std::uint64_t m) {
  return 63 - std::countl_zero(m);
}

class full_rank final : public candidate_rule {
 public:
  explicit full_rank(const variant& v) {
    // Each row, then each column (k past the rows), forwards then backwards.
    const int rows = v.rows(), columns = v.columns();
    for (int k = 0; k < rows + columns; ++k) {
      const bool row = k < rows;
      line forwards;
      for (int i = 0; i < (row ? columns : rows); ++i)
        forwards.push_back(
            static_cast<std::uint32_t>(row ? k * columns + i : i * columns + k - rows));
      lines_.push_back(forwards);
      lines_.emplace_back(forwards.rbegin(), forwards.rend());
    }
    for (const clue& c : v.clues()) {
      if (c.kind == clue_kind::full_rank_ties) ties_ = c.values.at(0);
      if (c.kind != clue_kind::full_rank) continue;
      const auto at = std::find(lines_.begin(), lines_.end(), c.cells);
      if (at == lines_.end()) throw std::invalid_argument("FullRank: a clue not along a line");
      const int rank = c.values.at(0);
      clues_.push_back({static_cast<std::size_t>(at - lines_.begin()),
                        std::uint64_t{1} << ((rank + 3) / 4), (rank - 1) % 4, rank});
    }
  }

  [[nodiscard]] bool needed() const noexcept { return !clues_.empty() || ties_ == ties_never; }

  bool narrow(std::vector<std::uint64_t>& candidates) const override {
    // Two clues of one rank: lines alike, which only "any" allows.
    for (std::size_t i = 0; i < clues_.size(); ++i) {
      for (std::size_t j = i + 1; j < clues_.size(); ++j) {
        if (clues_[i].rank != clues_[j].rank || clues_[i].line == clues_[j].line) continue;
        if (ties_ != ties_any) return false;
        const line &a = lines_[clues_[i].line], &b = lines_[clues_[j].line];
        for (std::size_t k = 0; k < a.size(); ++k) {
          const std::uint64_t both = candidates[a[k]] & candidates[b[k]];
          if (both == 0) return false;
          candidates[a[k]] = candidates[b[k]] = both;
        }
      }
    }
    for (const ranked& c : clues_) {
      if (!narrow_clue(c, candidates)) return false;
    }
    return ties_ != ties_never || all_apart(candidates);
  }

 private:
  using line = std::vector<std::uint32_t>;
  struct ranked {
    std::size_t line;     // into lines_
    std::uint64_t first;  // its first digit, one bit
    int below;            // how many of the other three lines it starts read less
    int rank;
  };
  struct rival {
    std::size_t line;
    unsigned ways;  // less, equal, greater: what the candidates allow
    bool starts;    // its first digit is the clue's already
  };

  // How `f` may compare with `e`, both starting with one digit: digit by
  // digit while they may still be equal.
  // A place decides only when the places before it are alike, so the digits
  // those hold are not there (a row or column holds each digit once).
  unsigned compare(const line& f, const line& e, const std::vector<std::uint64_t>& cand) const {
    unsigned ways = 0;
    std::uint64_t alike = cand[e[0]];  // the digits the places so far hold
    for (std::size_t i = 1; i < f.size(); ++i) {
      const std::uint64_t a = cand[f[i]] & ~alike, b = cand[e[i]] & ~alike;
      if (a == 0 || b == 0) return ways;  // they cannot be alike so far
      if (f[i] != e[i]) {                 // (one cell holds one digit)
        if (lowest(a) < highest(b)) ways |= less;
        if (highest(a) > lowest(b)) ways |= greater;
      }
      const std::uint64_t both = a & b;
      if (both == 0) return ways;
      if (single(both)) alike |= both;
    }
    return ways | equal;
  }

  // Makes `low` read less than `high` (or no more, unless `strict`), both
  // starting with one digit: at the first place they may differ, low's digit
  // is no larger than high's. False when it cannot.
  static bool order(const line& low, const line& high, bool strict,
                    std::vector<std::uint64_t>& cand) {
    for (std::size_t i = 1; i < low.size(); ++i) {
      std::uint64_t a = cand[low[i]], b = cand[high[i]];
      if (low[i] == high[i] || (a == b && single(a))) continue;
      if (a == 0 || b == 0) return false;
      a &= (std::uint64_t{2} << highest(b)) - 1;  // at most high's largest
      if (a == 0) return false;
      b &= ~((std::uint64_t{1} << lowest(a)) - 1);  // at least low's smallest
      if (b == 0) return false;
      cand[low[i]] = a;
      cand[high[i]] = b;
      if (!(a == b && single(a))) return true;
    }
    return !strict;  // alike throughout
  }

  bool narrow_clue(const ranked& c, std::vector<std::uint64_t>& cand) const {
    const line& e = lines_[c.line];
    if ((cand[e[0]] & c.first) == 0) return false;
    cand[e[0]] = c.first;
    const int above = 3 - c.below;
    const bool ties = ties_ == ties_any;
    thread_local std::vector<rival> rivals;
    rivals.clear();
    int maybe_less = 0, must_less = 0, maybe_greater = 0, must_greater = 0;
    for (std::size_t l = 0; l < lines_.size(); ++l) {
      const line& f = lines_[l];
      if (l == c.line || (cand[f[0]] & c.first) == 0) continue;
      const bool starts = cand[f[0]] == c.first;
      unsigned ways = compare(f, e, cand);
      if (!ties) ways &= ~equal;
      if (ways == 0) {  // it cannot start with the digit
        if (starts) return false;
        cand[f[0]] &= ~c.first;
        continue;
      }
      maybe_less += (ways & less) != 0;
      must_less += starts && ways == less;
      maybe_greater += (ways & greater) != 0;
      must_greater += starts && ways == greater;
      rivals.push_back({l, ways, starts});
    }
    if (must_less > c.below || maybe_less < c.below || must_greater > above) return false;
    if (!ties && maybe_greater < above) return false;
    for (const rival& r : rivals) {
      const line& f = lines_[r.line];
      // Less: all that may be are needed, or enough are already.
      if ((r.ways & less) != 0) {
        if (maybe_less == c.below) {
          cand[f[0]] = c.first;
          if (!order(f, e, true, cand)) return false;
        } else if (must_less == c.below && !(r.starts && r.ways == less)) {
          if (r.ways == less) {
            cand[f[0]] &= ~c.first;
          } else if (r.starts && !order(e, f, !ties, cand)) {
            return false;
          }
        }
      }
      // Greater likewise, when no line may tie (else equal ones count with them).
      if (!ties && (r.ways & greater) != 0) {
        if (maybe_greater == above) {
          cand[f[0]] = c.first;
          if (!order(e, f, true, cand)) return false;
        } else if (must_greater == above && !(r.starts && r.ways == greater)) {
          if (r.ways == greater) {
            cand[f[0]] &= ~c.first;
          } else if (r.starts && !order(f, e, true, cand)) {
            return false;
          }
        }
      }
      if (cand[f[0]] == 0) return false;
    }
    return true;
  }

  // No two lines read alike (FullRankTies none), among those filled.
  bool all_apart(const std::vector<std::uint64_t>& cand) const {
    thread_local std::vector<std::size_t> filled;
    filled.clear();
    for (std::size_t l = 0; l < lines_.size(); ++l) {
      if (std::all_of(lines_[l].begin(), lines_[l].end(),
                      [&](std::uint32_t p) { return single(cand[p]); }))
        filled.push_back(l);
    }
    for (std::size_t i = 0; i < filled.size(); ++i) {
      for (std::size_t j = i + 1; j < filled.size(); ++j) {
        const line &a = lines_[filled[i]], &b = lines_[filled[j]];
        if (a.size() != b.size()) continue;  // (the readers take only square boards)
        bool alike = true;
        for (std::size_t k = 0; alike && k < a.size(); ++k)
          alike = cand[a[k]] == cand[b[k]];
        if (alike) return false;
      }
    }
    return true;
  }

  int ties_ = ties_unclued;  // ISS's default
  std::vector<line> lines_;  // rows both ways, then columns both ways
  std::vector<ranked> clues_;
};

}  // namespace

std::shared_ptr<const candidate_rule> full_rank_rule(const variant& v) {
  auto rule = std::make_shared<full_rank>(v);
  if (!rule->needed()) return nullptr;
  return rule;
}

}  // namespace sudoku::detail
