// ISS's chaos constructions (clue_kind::chaos_construction, chaos_arrow,
// chaos_count) in the model: regions that are part of the answer.
//
// Each board cell's region is a variable, CC1... (ISS's reader makes them),
// holding a label: one of the first n * n / s values for regions of s = n
// cells. What the model states as items:
// - a region holds each digit once: per board cell a chain of two steps, its
//   digit then its label, whose second step takes the item of (label,
//   digit), shared by every cell's chain (lowered_clues::shared_marks): a
//   primary item, as there are as many cells as labels times digits, so each
//   label holds s cells (and the search finds a region's hidden singles);
// - labels in order of first appearance (a chain over the labels in reading
//   order, its state the largest so far), so that a layout is counted once,
//   not once per naming of its regions (ISS breaks the same symmetry with
//   labels of its own choosing: counts agree, labels may not).
// What is a rule of the search (candidate_rule, dlx/rule.hpp), as ISS's
// handlers are: each region orthogonally connected (a label's cells that
// cannot reach its fixed cells within s steps lose it), and the arrows' runs
// and counts read from the labels' candidates. ConnectedValues, a part of
// the cells holding some values, is such a rule too.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

#include "clue_lowering.hpp"

namespace sudoku::detail {
namespace {

// Where a chaos construction's labels are, and how many regions it has.
struct chaos_layout {
  std::uint32_t first = 0;  // the first region cell's position (CC1)
  int rows = 0, columns = 0;
  int size = 0;    // cells a region, as many as values
  int labels = 0;  // regions

  explicit chaos_layout(const variant& v) {
    const variable_group* g = v.variables_named("CC");
    if (g == nullptr) return;
    first = g->first;
    rows = v.rows();
    columns = v.columns();
    size = v.digits();
    labels = rows * columns / size;
  }
  [[nodiscard]] std::uint32_t cells() const { return static_cast<std::uint32_t>(rows * columns); }
};

// Each label's cells orthogonally connected.
class connected_regions final : public candidate_rule {
 public:
  explicit connected_regions(chaos_layout layout) : at_(layout) {}

  bool narrow(std::vector<std::uint64_t>& cand) const override {
    const std::uint32_t cells = at_.cells();
    thread_local std::vector<int> distance;
    thread_local std::vector<std::uint32_t> queue;
    for (int k = 1; k <= at_.labels; ++k) {
      const std::uint64_t bit = std::uint64_t{1} << k;
      const auto may = [&](std::uint32_t p) { return (cand[at_.first + p] & bit) != 0; };
      const auto fixed = [&](std::uint32_t p) { return cand[at_.first + p] == bit; };
      distance.assign(cells, -1);
      queue.clear();
      int fixed_count = 0, possible = 0;
      for (std::uint32_t p = 0; p < cells; ++p) {
        possible += may(p);
        if (fixed(p)) {
          ++fixed_count;
          distance[p] = 0;
          queue.push_back(p);
        }
      }
      if (possible < at_.size) return false;
      if (possible == at_.size) {
        // Exactly as many cells as it needs: all hold it (one part).
        for (std::uint32_t p = 0; p < cells; ++p) {
          if (may(p)) cand[at_.first + p] = bit;
        }
        if (!one_part(cand, bit)) return false;
        continue;
      }
      if (fixed_count == 0) {
        // No cell holds it yet: parts of fewer than s cells cannot.
        if (!drop_small_parts(cand, bit)) return false;
        continue;
      }
      // From the fixed cells: every other is within s - fixed steps of one,
      // and they are one part.
      spread(cand, bit, queue, distance);
      const int reach = at_.size - fixed_count;
      for (std::uint32_t p = 0; p < cells; ++p) {
        if (may(p) && !fixed(p) && (distance[p] < 0 || distance[p] > reach))
          cand[at_.first + p] &= ~bit;
      }
      if (!one_part(cand, bit)) return false;
      if (!through_doors(cand, bit)) return false;
      int left = 0;
      for (std::uint32_t p = 0; p < cells; ++p)
        left += may(p);
      if (left == at_.size) {
        for (std::uint32_t p = 0; p < cells; ++p) {
          if (may(p)) cand[at_.first + p] = bit;
        }
      }
    }
    return true;
  }

 private:
  void neighbours(std::uint32_t p, auto f) const {
    const int r = static_cast<int>(p) / at_.columns, c = static_cast<int>(p) % at_.columns;
    if (r > 0) f(p - static_cast<std::uint32_t>(at_.columns));
    if (r + 1 < at_.rows) f(p + static_cast<std::uint32_t>(at_.columns));
    if (c > 0) f(p - 1);
    if (c + 1 < at_.columns) f(p + 1);
  }
  // Breadth first over the cells that may hold `bit`, from `queue`.
  void spread(const std::vector<std::uint64_t>& cand, std::uint64_t bit,
              std::vector<std::uint32_t>& queue, std::vector<int>& distance) const {
    for (std::size_t at = 0; at < queue.size(); ++at) {
      const std::uint32_t p = queue[at];
      neighbours(p, [&](std::uint32_t q) {
        if (distance[q] >= 0 || (cand[at_.first + q] & bit) == 0) return;
        distance[q] = distance[p] + 1;
        queue.push_back(q);
      });
    }
  }
  // The cells fixed to `bit`, and those that may join them, one part of at
  // least s cells.
  bool one_part(const std::vector<std::uint64_t>& cand, std::uint64_t bit) const {
    const std::uint32_t cells = at_.cells();
    thread_local std::vector<int> distance;
    thread_local std::vector<std::uint32_t> queue;
    distance.assign(cells, -1);
    queue.clear();
    for (std::uint32_t p = 0; p < cells && queue.empty(); ++p) {
      if (cand[at_.first + p] == bit) {
        distance[p] = 0;
        queue.push_back(p);
      }
    }
    spread(cand, bit, queue, distance);
    if (static_cast<int>(queue.size()) < at_.size) return false;
    for (std::uint32_t p = 0; p < cells; ++p) {
      if (cand[at_.first + p] == bit && distance[p] < 0) return false;
    }
    return true;
  }
  // Each part of the cells fixed to `bit` smaller than a region grows
  // through the cells beside it that may join it, its doors: with none it
  // cannot; with one, that one joins it (ISS's bottlenecks).
  bool through_doors(std::vector<std::uint64_t>& cand, std::uint64_t bit) const {
    const std::uint32_t cells = at_.cells();
    thread_local std::vector<int> part;
    thread_local std::vector<std::uint32_t> queue;
    part.assign(cells, -1);
    for (std::uint32_t p = 0; p < cells; ++p) {
      if (part[p] >= 0 || cand[at_.first + p] != bit) continue;
      queue.assign(1, p);
      part[p] = static_cast<int>(p);
      constexpr std::uint32_t none = ~std::uint32_t{0}, several = none - 1;
      std::uint32_t door = none;
      for (std::size_t at = 0; at < queue.size(); ++at) {
        neighbours(queue[at], [&](std::uint32_t q) {
          const std::uint64_t m = cand[at_.first + q];
          if (m == bit) {
            if (part[q] < 0) {
              part[q] = static_cast<int>(p);
              queue.push_back(q);
            }
          } else if ((m & bit) != 0 && door != q) {
            door = door == none ? q : several;
          }
        });
      }
      if (static_cast<int>(queue.size()) >= at_.size) continue;
      if (door == none) return false;
      if (door != several) {
        // The parts it joins are one now: the search calls the rule again.
        cand[at_.first + door] = bit;
        return true;
      }
    }
    return true;
  }
  bool drop_small_parts(std::vector<std::uint64_t>& cand, std::uint64_t bit) const {
    const std::uint32_t cells = at_.cells();
    thread_local std::vector<int> distance;
    thread_local std::vector<std::uint32_t> queue;
    distance.assign(cells, -1);
    int left = 0;
    for (std::uint32_t p = 0; p < cells; ++p) {
      if (distance[p] >= 0 || (cand[at_.first + p] & bit) == 0) continue;
      queue.assign(1, p);
      distance[p] = 0;
      spread(cand, bit, queue, distance);
      if (static_cast<int>(queue.size()) < at_.size) {
        for (std::uint32_t q : queue)
          cand[at_.first + q] &= ~bit;
      } else {
        left += static_cast<int>(queue.size());
      }
    }
    return left >= at_.size;
  }

  chaos_layout at_;
};

// A ChaosCount or ChaosArrow: its control's value, plus its offset, is how
// many of its region cells share the first's region (a count), or the runs
// from the first along each arm (an arrow; the first counted once).
class chaos_clue final : public candidate_rule {
 public:
  chaos_clue(const clue& c, chaos_layout layout, int first_value)
      : control_(c.cells.front()), offset_(c.values.at(0)), lo_(first_value), at_(layout) {
    if (c.kind == clue_kind::chaos_count) {
      arms_.emplace_back(c.cells.begin() + 1, c.cells.end());
    } else {
      std::size_t from = 1;
      for (std::size_t a = 1; a < c.values.size(); ++a) {
        const auto length = static_cast<std::size_t>(c.values[a]);
        arms_.emplace_back(c.cells.begin() + static_cast<std::ptrdiff_t>(from),
                           c.cells.begin() + static_cast<std::ptrdiff_t>(from + length));
        from += length;
      }
    }
    count_ = c.kind == clue_kind::chaos_count;
    on_arm_.assign(at_.cells(), false);
    for (const auto& arm : arms_) {
      for (std::uint32_t p : arm) {
        if (p >= at_.first && p < at_.first + at_.cells()) on_arm_[p - at_.first] = true;
      }
    }
  }

  bool narrow(std::vector<std::uint64_t>& cand) const override {
    if (!count_) return narrow_arrow(cand);
    const std::uint32_t start = arms_.front().front();
    std::uint64_t controls = 0;  // the control's digits some label supports
    for (std::uint64_t labels = cand[start]; labels != 0; labels &= labels - 1) {
      const std::uint64_t bit = labels & (~labels + 1);
      const std::uint64_t totals = counts(cand, bit);
      const std::uint64_t digits = digits_of(totals);
      if ((digits & cand[control_]) == 0) {
        cand[start] &= ~bit;
        continue;
      }
      controls |= digits;
    }
    cand[control_] &= controls;
    if (cand[start] == 0 || cand[control_] == 0) return false;
    if (single(cand[start]) && single(cand[control_])) settle(cand);
    return true;
  }

 private:
  // An arrow, per label the start may hold: each arm's runs the candidates
  // allow, their totals (the start counted once) no more than the region's
  // cells its other fixed cells leave, and those the control allows; the
  // start loses a label no such total is left for. Then the cells every arm
  // must run through share the start's region (whatever its label); with the
  // start's label known, the cell past an arm's run, where it has one length,
  // is not in it, and when the region's cells off the arms are as many as the shortest
  // total leaves, no other cell off them is.
  bool narrow_arrow(std::vector<std::uint64_t>& cand) const {
    const std::uint32_t start = arms_.front().front();
    const std::size_t arms = arms_.size();
    thread_local std::vector<std::uint64_t> lengths;
    // Per label: each arm's run where it has one length, then the region's
    // cells fixed off the arms and the shortest total.
    thread_local std::vector<int> need, known;
    const std::size_t row = arms + 2;
    lengths.resize(arms);
    need.assign(arms, 64);
    known.assign(static_cast<std::size_t>(at_.labels + 1) * row, 0);
    const std::uint64_t wanted = totals_of(cand[control_]);
    std::uint64_t controls = 0;
    for (std::uint64_t labels = cand[start]; labels != 0; labels &= labels - 1) {
      const std::uint64_t bit = labels & (~labels + 1);
      const auto label = static_cast<std::size_t>(std::countr_zero(bit));
      int off = 0;
      for (std::uint32_t p = 0; p < at_.cells(); ++p)
        off += !on_arm_[p] && cand[at_.first + p] == bit;
      const int room = at_.size - off;  // the most cells the arms may hold
      std::uint64_t totals = 0;
      if (room >= 1) {
        for (std::size_t a = 0; a < arms; ++a)
          lengths[a] = arm_runs(arms_[a], cand, bit);
        totals = sums(lengths, arms) & ((std::uint64_t{2} << room) - 2);
      }
      const std::uint64_t kept = totals & wanted;
      if (kept == 0) {
        cand[start] &= ~bit;
        continue;
      }
      controls |= digits_of(totals);
      for (std::size_t a = 0; a < arms; ++a) {
        const std::uint64_t mine = lengths[a];
        lengths[a] = 1;  // the others' totals, this arm left at 0
        const std::uint64_t others = sums(lengths, arms);
        lengths[a] = mine;
        std::uint64_t allowed = 0;
        for (std::uint64_t l = mine; l != 0; l &= l - 1) {
          const int length = std::countr_zero(l);
          if ((others << length) & kept) allowed |= std::uint64_t{1} << length;
        }
        need[a] = std::min(need[a], std::countr_zero(allowed));
        // The arm's run, when it has one length left (else -1).
        known[label * row + a] = single(allowed) ? std::countr_zero(allowed) : -1;
      }
      known[label * row + arms] = off;
      known[label * row + arms + 1] = std::countr_zero(kept);
    }
    cand[control_] &= controls;
    if (cand[start] == 0 || cand[control_] == 0) return false;
    for (std::size_t a = 0; a < arms; ++a) {
      const auto& arm = arms_[a];
      const auto upto = std::min(static_cast<std::size_t>(need[a]), arm.size() - 1);
      std::uint64_t common = cand[start];
      for (std::size_t l = 1; l <= upto; ++l)
        common &= cand[arm[l]];
      if (common == 0) return false;
      cand[start] = common;
      for (std::size_t l = 1; l <= upto; ++l)
        cand[arm[l]] = common;
    }
    if (!single(cand[start])) return true;
    const std::uint64_t bit = cand[start];
    const int* const of = &known[static_cast<std::size_t>(std::countr_zero(bit)) * row];
    for (std::size_t a = 0; a < arms; ++a) {
      if (of[a] < 0) continue;
      const auto past = static_cast<std::size_t>(of[a]) + 1;
      if (past < arms_[a].size()) cand[arms_[a][past]] &= ~bit;
    }
    if (of[arms] == at_.size - of[arms + 1]) {
      for (std::uint32_t p = 0; p < at_.cells(); ++p) {
        if (!on_arm_[p] && cand[at_.first + p] != bit) cand[at_.first + p] &= ~bit;
      }
    }
    return true;
  }
  // The totals of the arms' runs, bit t for a total t (the start counted once).
  static std::uint64_t sums(const std::vector<std::uint64_t>& lengths, std::size_t arms) {
    std::uint64_t totals = 2;
    for (std::size_t a = 0; a < arms; ++a) {
      std::uint64_t next = 0;
      for (std::uint64_t l = lengths[a]; l != 0; l &= l - 1)
        next |= totals << std::countr_zero(l);
      totals = next;
    }
    return totals;
  }
  // The totals the control's digits say, bit t for a total t.
  std::uint64_t totals_of(std::uint64_t digits) const {
    std::uint64_t out = 0;
    for (int d = 1; d <= at_.size; ++d) {
      const int total = d - 1 + lo_ + offset_;
      if ((digits >> d & 1) && total >= 0 && total < 64) out |= std::uint64_t{1} << total;
    }
    return out;
  }
  // Bit t: a total t is possible with the first cell's label `bit`.
  std::uint64_t counts(const std::vector<std::uint64_t>& cand, std::uint64_t bit) const {
    int must = 0, may = 0;
    for (std::uint32_t p : arms_.front()) {
      must += cand[p] == bit;
      may += (cand[p] & bit) != 0;
    }
    if (cand[arms_.front().front()] != bit) ++must;  // the first, given this label
    std::uint64_t out = 0;
    for (int t = must; t <= may && t < 64; ++t)
      out |= std::uint64_t{1} << t;
    return out;
  }
  // Per arm, the runs past the start the candidates allow: a run of l ends
  // before a cell that may hold another label.
  std::uint64_t arm_runs(const std::vector<std::uint32_t>& arm,
                         const std::vector<std::uint64_t>& cand, std::uint64_t bit) const {
    std::uint64_t out = 0;
    for (std::size_t l = 0; l < arm.size(); ++l) {
      if (l > 0 && (cand[arm[l]] & bit) == 0) break;
      if (l + 1 == arm.size() || cand[arm[l + 1]] != bit) out |= std::uint64_t{1} << l;
    }
    return out;
  }
  // The control's digits whose values, plus the offset, are among `totals`.
  std::uint64_t digits_of(std::uint64_t totals) const {
    std::uint64_t out = 0;
    for (int d = 1; d <= at_.size; ++d) {
      const int total = d - 1 + lo_ + offset_;
      if (total >= 0 && total < 64 && (totals >> total & 1)) out |= std::uint64_t{1} << d;
    }
    return out;
  }
  // A count's start label and total known: its cells all join the start's
  // region when all that may are needed, or none more when enough have.
  void settle(std::vector<std::uint64_t>& cand) const {
    const std::uint64_t bit = cand[arms_.front().front()];
    const int total = std::countr_zero(cand[control_]) - 1 + lo_ + offset_;
    int must = 0, may = 0;
    for (std::uint32_t p : arms_.front()) {
      must += cand[p] == bit;
      may += (cand[p] & bit) != 0;
    }
    for (std::uint32_t p : arms_.front()) {
      if (may == total && (cand[p] & bit)) cand[p] = bit;
      if (must == total && cand[p] != bit) cand[p] &= ~bit;
    }
  }

  std::uint32_t control_;
  int offset_, lo_;
  chaos_layout at_;
  bool count_ = false;
  std::vector<std::vector<std::uint32_t>> arms_;  // each from the start
  std::vector<bool> on_arm_;                      // per region cell: on an arm (the start too)
};

// ConnectedValues: the cells holding one of the values are one orthogonally
// connected part, not empty, of `size` cells unless 0.
class connected_values final : public candidate_rule {
 public:
  connected_values(const variant& v, const clue& c) : cells_(c.cells), size_(c.values.at(0)) {
    for (std::size_t i = 1; i < c.values.size(); ++i)
      mask_ |= std::uint64_t{1} << (c.values[i] - v.first_value() + 1);
    next_.resize(cells_.size());
    for (std::size_t a = 0; a < cells_.size(); ++a) {
      for (std::size_t b = 0; b < cells_.size(); ++b) {
        if (a != b && v.neighbours(cells_[a], cells_[b]))
          next_[a].push_back(static_cast<std::uint32_t>(b));
      }
    }
  }

  bool narrow(std::vector<std::uint64_t>& cand) const override {
    const std::size_t k = cells_.size();
    const auto may = [&](std::size_t i) { return (cand[cells_[i]] & mask_) != 0; };
    const auto must = [&](std::size_t i) {
      return cand[cells_[i]] != 0 && (cand[cells_[i]] & ~mask_) == 0;
    };
    int possible = 0, fixed = 0;
    for (std::size_t i = 0; i < k; ++i) {
      possible += may(i);
      fixed += must(i);
    }
    if (possible == 0 || (size_ != 0 && (fixed > size_ || possible < size_))) return false;
    if (possible == size_ || possible == 1) {  // every cell that may is in it
      for (std::size_t i = 0; i < k; ++i) {
        if (may(i)) cand[cells_[i]] &= mask_;
      }
      fixed = possible;
    }
    if (fixed == 0) return true;
    // From the cells in it: the rest within reach, and all one part.
    thread_local std::vector<int> distance;
    thread_local std::vector<std::uint32_t> queue;
    distance.assign(k, -1);
    queue.clear();
    for (std::size_t i = 0; i < k; ++i) {
      if (must(i)) {
        distance[i] = 0;
        queue.push_back(static_cast<std::uint32_t>(i));
      }
    }
    const auto reach = [&](std::size_t from) {
      for (std::size_t at = from; at < queue.size(); ++at) {
        for (std::uint32_t j : next_[queue[at]]) {
          if (distance[j] >= 0 || !may(j)) continue;
          distance[j] = distance[queue[at]] + 1;
          queue.push_back(j);
        }
      }
    };
    reach(0);
    const int bound = size_ == 0 ? static_cast<int>(k) : size_ - fixed;
    for (std::size_t i = 0; i < k; ++i) {
      if (may(i) && !must(i) && (distance[i] < 0 || distance[i] > bound)) cand[cells_[i]] &= ~mask_;
    }
    // One part: from one cell in it, every other in it.
    distance.assign(k, -1);
    queue.clear();
    for (std::size_t i = 0; i < k && queue.empty(); ++i) {
      if (must(i)) {
        distance[i] = 0;
        queue.push_back(static_cast<std::uint32_t>(i));
      }
    }
    reach(0);
    if (size_ != 0 && static_cast<int>(queue.size()) < size_) return false;
    for (std::size_t i = 0; i < k; ++i) {
      if (must(i) && distance[i] < 0) return false;
      if (cand[cells_[i]] == 0) return false;
    }
    return true;
  }

 private:
  std::vector<std::uint32_t> cells_;
  int size_;
  std::uint64_t mask_ = 0;
  std::vector<std::vector<std::uint32_t>> next_;  // each cell's neighbours among cells_
};

}  // namespace

std::shared_ptr<const candidate_rule> connected_values_rule(const variant& v, const clue& c) {
  return std::make_shared<connected_values>(v, c);
}

namespace {

// Three cells no region can hold two of (as far apart, across and down, as a
// region has cells: a connected region of s cells spans at most s - 1 steps),
// two of them on the board's edge, each touched by as many clues as can be,
// in reading order; none when there are fewer than three regions. Naming
// their regions first breaks the labels' symmetry where the clues are, as
// ISS's anchors do (chaos_handler.js), rather than at the first cells.
std::vector<std::uint32_t> chaos_anchors(const variant& v, const chaos_layout& at) {
  if (at.labels < 3) return {};
  const auto apart = [&](std::uint32_t a, std::uint32_t b) {
    const int rows = std::abs(static_cast<int>(a) / at.columns - static_cast<int>(b) / at.columns);
    const int columns =
        std::abs(static_cast<int>(a) % at.columns - static_cast<int>(b) % at.columns);
    return rows + columns >= at.size;
  };
  std::vector<int> score(at.cells(), 0);
  for (const clue& c : v.clues()) {
    for (std::uint32_t p : c.cells) {
      const std::uint32_t cell = p >= at.first && p < at.first + at.cells() ? p - at.first : p;
      if (cell < at.cells()) ++score[cell];
    }
  }
  std::vector<std::uint32_t> edge;
  for (std::uint32_t p = 0; p < at.cells(); ++p) {
    const int r = static_cast<int>(p) / at.columns, col = static_cast<int>(p) % at.columns;
    if (r == 0 || r + 1 == at.rows || col == 0 || col + 1 == at.columns) edge.push_back(p);
  }
  std::vector<std::uint32_t> best;
  int best_score = -1;
  for (std::size_t i = 0; i < edge.size(); ++i) {
    for (std::size_t j = i + 1; j < edge.size(); ++j) {
      if (!apart(edge[i], edge[j])) continue;
      for (std::uint32_t p = 0; p < at.cells(); ++p) {
        if (!apart(edge[i], p) || !apart(edge[j], p)) continue;
        const int total = score[edge[i]] + score[edge[j]] + score[p];
        if (total > best_score) {
          best_score = total;
          best = {edge[i], edge[j], p};
        }
      }
    }
  }
  std::sort(best.begin(), best.end());
  return best;
}

}  // namespace

void clue_lowering::chaos(const clue& c) {
  const chaos_layout at(v_);
  if (at.labels == 0) {
    throw std::invalid_argument(
        fmt::format("{}: the board has no region cells (CC)", iss_name(c.kind)));
  }
  if (c.kind != clue_kind::chaos_construction) {
    out_.rules.push_back(std::make_shared<chaos_clue>(c, at, lo_));
    return;
  }
  // A label is one of the first `labels` values, and each (label, digit)
  // once: per cell, its digit then its label.
  const std::uint32_t marks = out_.shared_marks;
  out_.shared_marks += static_cast<std::uint32_t>(at.labels * n_);
  out_.shared_marks_clue = static_cast<std::uint32_t>(current_);
  for (std::uint32_t p = 0; p < at.cells(); ++p) {
    if (!v_.is_cell(p)) continue;
    const std::size_t before = out_.chains.size();
    const auto label_of = [&](int value) { return value - lo_ + 1; };
    if (!try_chain(
            std::vector<std::uint32_t>{p, at.first + p}, std::vector<int>{0},
            [&](std::size_t i, int, int value) -> std::optional<int> {
              if (i == 0) return label_of(value);
              if (label_of(value) > at.labels) return std::nullopt;
              return 0;
            },
            [](int) { return true; }, max_transitions,
            [&](std::size_t i, int digit, int value) -> std::uint32_t {
              if (i == 0) return chain_step::no_extra;
              return static_cast<std::uint32_t>((label_of(value) - 1) * n_ + digit - 1);
            }))
      too_large(c);
    if (out_.chains.size() != before + 1) continue;
    digit_chain& chain = out_.chains.back();
    chain.extras.resize(static_cast<std::size_t>(at.labels * n_));
    for (std::size_t m = 0; m < chain.extras.size(); ++m)
      chain.extras[m].shared = {marks + static_cast<std::uint32_t>(m)};
  }
  // Each layout once: the anchors' regions are labels 1, 2, 3 in reading
  // order, the others labelled in order of first appearance (a chain, its
  // state the largest label so far).
  const std::vector<std::uint32_t> anchors = chaos_anchors(v_, at);
  std::vector<std::uint32_t> labels;
  for (std::uint32_t p = 0; p < at.cells(); ++p)
    labels.push_back(at.first + p);
  chain<int>(
      c, labels, {static_cast<int>(anchors.size())},
      [&](std::size_t i, int largest, int value) -> std::optional<int> {
        const int label = value - lo_ + 1;
        const auto anchor = std::find(anchors.begin(), anchors.end(), i);
        if (anchor != anchors.end()) {
          if (label != 1 + static_cast<int>(anchor - anchors.begin())) return std::nullopt;
          return largest;
        }
        if (label > largest + 1 || label > at.labels) return std::nullopt;
        return std::max(largest, label);
      },
      [&](int largest) { return largest == at.labels; });
  out_.rules.push_back(std::make_shared<connected_regions>(at));
}

}  // namespace sudoku::detail
