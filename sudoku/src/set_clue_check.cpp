// Checking a grid against the sets of cells, the lines read with them,
// indexing and the rules over every 2x2 square or column (clue.hpp), from
// each rule's wording: code apart from their lowering (set_clues.cpp). As
// clue_check.cpp does, a clue is judged only where the cells it needs are
// filled.
#include "clue_automaton.hpp"
#include "clue_check.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace sudoku::detail {

namespace {

class set_checker {
 public:
  set_checker(const variant& v, std::span<const std::uint8_t> cells)
      : v_(v), cells_(cells), n_(v.digits()), lo_(v.first_value()) {}

  std::optional<std::string> check(const clue& c) const {
    const auto& p = c.cells;
    const std::size_t k = p.size();
    const int value = c.values.empty() ? 0 : c.values.front();
    switch (c.kind) {
      case clue_kind::all_different:
        return repeat(p);
      case clue_kind::rellik_cage: {
        if (auto why = repeat(p)) return why;
        // Every choice of one or more of the filled cells.
        const std::vector<std::uint32_t> filled = filled_of(p);
        for (std::uint32_t pick = 1; pick < (1u << filled.size()); ++pick) {
          int sum = 0;
          for (std::size_t i = 0; i < filled.size(); ++i)
            sum += (pick >> i & 1) ? at(filled[i]) : 0;
          if (sum == value) return fmt::format("some of its digits add up to {}", value);
        }
        return std::nullopt;
      }
      case clue_kind::equality_cage: {
        if (auto why = repeat(p)) return why;
        if (!all_filled(p)) return std::nullopt;
        int odd = 0, low = 0, high = 0;
        for (std::uint32_t q : p) {
          odd += at(q) % 2;
          low += at(q) < lo_ + n_ / 2 ? 1 : 0;
          high += at(q) > v_.value_of(n_) - n_ / 2 ? 1 : 0;
        }
        if (2 * odd != static_cast<int>(k))
          return fmt::format("it holds {} odd digits of {}", odd, k);
        if (low != high || low + high != static_cast<int>(k))
          return fmt::format("it holds {} low and {} high digits of {}", low, high, k);
        return std::nullopt;
      }
      case clue_kind::contain_at_least:
      case clue_kind::contain_exact: {
        if (!all_filled(p)) return std::nullopt;
        std::map<int, int> listed, held;
        for (int d : c.values)
          ++listed[d];
        for (std::uint32_t q : p)
          ++held[at(q)];
        for (auto [d, times] : listed) {
          const bool exact = c.kind == clue_kind::contain_exact;
          if (held[d] < times || (exact && held[d] != times))
            return fmt::format("it holds {} {} times, not {}{}", d, held[d],
                               exact ? "" : "at least ", times);
        }
        return std::nullopt;
      }
      case clue_kind::count_distinct: {
        if (!all_filled(p)) return std::nullopt;
        std::set<int> digits;
        for (std::size_t i = 1; i < k; ++i)
          digits.insert(at(p[i]));
        if (static_cast<int>(digits.size()) != at(p[0]))
          return fmt::format("{} different digits, not {}", digits.size(), at(p[0]));
        return std::nullopt;
      }
      case clue_kind::counting_circles: {
        if (!all_filled(p)) return std::nullopt;
        std::map<int, int> held;
        for (std::uint32_t q : p)
          ++held[at(q)];
        for (auto [d, times] : held) {
          if (times != d) return fmt::format("{} is in {} circles, not {}", d, times, d);
        }
        return std::nullopt;
      }
      case clue_kind::lockout: {
        if (!known(p.front()) || !known(p.back())) return std::nullopt;
        const int a = at(p.front()), b = at(p.back());
        if (std::abs(a - b) < value)
          return fmt::format("its ends {} and {} differ by less than {}", a, b, value);
        for (std::size_t i = 1; i + 1 < k; ++i) {
          if (known(p[i]) && at(p[i]) >= std::min(a, b) && at(p[i]) <= std::max(a, b))
            return fmt::format("{} ({}) is not outside its ends", v_.cell_name(p[i]), at(p[i]));
        }
        return std::nullopt;
      }
      case clue_kind::equal_sum: {
        if (!all_filled(p)) return std::nullopt;
        std::vector<int> sums;
        std::size_t next = 0;
        for (const int length : c.values) {
          int sum = 0;
          for (int i = 0; i < length; ++i)
            sum += at(p[next++]);
          sums.push_back(sum);
        }
        for (int s : sums) {
          if (s != sums.front())
            return fmt::format("its segments add up to {} and {}", sums.front(), s);
        }
        return std::nullopt;
      }
      case clue_kind::region_sum_line: {
        if (!all_filled(p)) return std::nullopt;
        std::vector<int> sums{0};
        for (std::size_t i = 0; i < k; ++i) {
          if (i > 0 && box_of(p[i]) != box_of(p[i - 1])) sums.push_back(0);
          sums.back() += at(p[i]);
        }
        const bool boxes = v_.has(unit_kind::box) || v_.has(unit_kind::region);
        for (int s : sums) {
          if (boxes && s != sums.front())
            return fmt::format("its pieces add up to {} and {}", sums.front(), s);
        }
        return std::nullopt;
      }
      case clue_kind::value_indexing: {
        if (!known(p[0]) || !known(p[1])) return std::nullopt;
        if (at(p[1]) < 1)
          return fmt::format("{} holds 0: it points at no cell", v_.cell_name(p[1]));
        const auto far = static_cast<std::size_t>(at(p[1]));
        if (far + 2 > k) return fmt::format("{} points past its end", v_.cell_name(p[1]));
        const std::uint32_t q = p[1 + far];
        if (known(q) && at(q) != at(p[0]))
          return fmt::format("{} holds {}, not {}", v_.cell_name(q), at(q), at(p[0]));
        return std::nullopt;
      }
      case clue_kind::pair:
      case clue_kind::pair_x:
        for (std::size_t i = 0; i < k; ++i) {
          for (std::size_t j = i + 1; j < k; ++j) {
            if (c.kind == clue_kind::pair && j > i + 1) break;
            // The table's rows and bits are digits (from 1) whatever the values.
            const int a = cells_[p[i]], b = cells_[p[j]];
            const auto row = static_cast<std::size_t>(a - 1);
            if (a && b && (row >= c.values.size() || (c.values[row] >> b & 1) == 0))
              return fmt::format("{} ({}) and {} ({}) are not a pair its table allows",
                                 v_.cell_name(p[i]), at(p[i]), v_.cell_name(p[j]), at(p[j]));
          }
        }
        return std::nullopt;
      case clue_kind::nfa: {
        if (!all_filled(p)) return std::nullopt;
        const auto a = automaton::from_values(c.values);
        if (!a) return std::string("its automaton is malformed");
        // Its symbols are digits (from 1 whatever the values); a break
        // between segments.
        std::vector<std::uint32_t> states = a->start_states();
        std::size_t next = 0;
        for (std::size_t s = 0; s < a->segments.size(); ++s) {
          if (s > 0) states = a->step(states, n_ + 1);
          for (std::size_t i = 0; i < a->segments[s] && next < k; ++i)
            states = a->step(states, cells_[p[next++]]);
        }
        if (!a->accepts(states)) return std::string("its automaton does not accept its digits");
        return std::nullopt;
      }
      case clue_kind::indexing:
        for (std::uint32_t q : p) {
          if (!known(q)) continue;
          if (at(q) < 1) return fmt::format("{} holds 0: it points at no cell", v_.cell_name(q));
          const bool by_row = value == 1;
          const int r = row(q) + 1, cl = col(q) + 1;
          const int tr = by_row ? at(q) : r, tc = by_row ? cl : at(q);
          if (tr > v_.rows() || tc > v_.columns()) continue;
          const auto target = static_cast<std::uint32_t>((tr - 1) * v_.columns() + tc - 1);
          const int want = by_row ? r : cl;
          if (known(target) && at(target) != want)
            return fmt::format("{} holds {}, so {} holds {}, not {}", v_.cell_name(q), at(q),
                               v_.cell_name(target), want, at(target));
        }
        return std::nullopt;
      case clue_kind::global_entropy:
      case clue_kind::global_mod:
        for (int r = 0; r + 1 < v_.rows(); ++r) {
          for (int cl = 0; cl + 1 < v_.columns(); ++cl) {
            std::set<int> classes;
            const int w = v_.columns();
            for (int q : {r * w + cl, r * w + cl + 1, (r + 1) * w + cl, (r + 1) * w + cl + 1}) {
              const int d = at(static_cast<std::uint32_t>(q));
              if (!known(static_cast<std::uint32_t>(q))) {
                classes.insert(-1 - q);  // unknown: counts as a class of its own
                continue;
              }
              classes.insert(c.kind == clue_kind::global_entropy ? (d - 1) / 3 : d % 3);
            }
            if (classes.size() < 3) {
              return fmt::format("the 2x2 square at {} lacks a {}",
                                 v_.cell_name(static_cast<std::uint32_t>(r * w + cl)),
                                 c.kind == clue_kind::global_entropy ? "low, middle or high digit"
                                                                     : "digit of some class mod 3");
            }
          }
        }
        return std::nullopt;
      case clue_kind::dutch_flatmates: {
        const int w = v_.columns(), middle = (n_ + 1) / 2;
        for (std::uint32_t q : v_.cells()) {
          if (at(q) != middle) continue;
          const int r = row(q);
          const int above = r > 0 ? at(q - static_cast<std::uint32_t>(w)) : -1;
          const int below = r + 1 < v_.rows() ? at(q + static_cast<std::uint32_t>(w)) : -1;
          if (above == 0 || below == 0) continue;  // not known yet
          if (above != 1 && below != n_)
            return fmt::format("the {} at {} has no 1 above it and no {} below", middle,
                               v_.cell_name(q), n_);
        }
        return std::nullopt;
      }
      case clue_kind::region_same_values: {
        // The largest rows, columns, boxes and pieces, when smaller than the
        // values: each filled one holds the first filled one's values.
        std::size_t largest = 0;
        const auto counted = [](const unit& u) {
          return u.kind == unit_kind::row || u.kind == unit_kind::column ||
                 u.kind == unit_kind::box || u.kind == unit_kind::region;
        };
        for (const unit& u : v_.units()) {
          if (counted(u)) largest = std::max(largest, u.cells.size());
        }
        if (largest >= static_cast<std::size_t>(n_)) return std::nullopt;
        const unit* first = nullptr;
        std::set<int> values;
        for (const unit& u : v_.units()) {
          if (!counted(u) || u.cells.size() != largest) continue;
          if (!std::all_of(u.cells.begin(), u.cells.end(),
                           [&](std::uint32_t q) { return known(q); }))
            continue;
          std::set<int> these;
          for (const std::uint32_t q : u.cells)
            these.insert(at(q));
          if (first == nullptr) {
            first = &u, values = std::move(these);
          } else if (these != values) {
            return fmt::format("{} and {} hold other values", v_.unit_name(*first),
                               v_.unit_name(u));
          }
        }
        return std::nullopt;
      }
      case clue_kind::chaos_construction:
        return chaos_regions();
      case clue_kind::search_priority:  // no rule
        return std::nullopt;
      case clue_kind::connected_values: {
        // The cells holding the values: some, one orthogonally connected
        // part, as many as the size says.
        if (!all_filled(p)) return std::nullopt;
        std::vector<std::uint32_t> in;
        for (std::uint32_t q : p) {
          if (std::find(c.values.begin() + 1, c.values.end(), at(q)) != c.values.end())
            in.push_back(q);
        }
        if (in.empty()) return std::string("no cell holds its values");
        std::vector<std::uint32_t> part{in.front()};
        for (std::size_t i = 0; i < part.size(); ++i) {
          for (std::uint32_t q : in) {
            if (std::find(part.begin(), part.end(), q) == part.end() && v_.neighbours(part[i], q))
              part.push_back(q);
          }
        }
        if (part.size() != in.size())
          return fmt::format("the cells holding its values are not one part ({} apart)",
                             v_.cell_name(*std::find_if(in.begin(), in.end(), [&](std::uint32_t q) {
                               return std::find(part.begin(), part.end(), q) == part.end();
                             })));
        if (value != 0 && static_cast<int>(in.size()) != value)
          return fmt::format("{} cells hold its values, not {}", in.size(), value);
        return std::nullopt;
      }
      case clue_kind::chaos_count:
      case clue_kind::chaos_arrow: {
        // How many region cells share the first's region: all listed (a
        // count), or the run from the start along each arm (an arrow).
        const int offset = c.values.at(0);
        if (!all_filled(p)) return std::nullopt;
        const int label = at(p.at(1));
        int total = 0;
        if (c.kind == clue_kind::chaos_count) {
          for (std::size_t i = 1; i < p.size(); ++i)
            total += at(p[i]) == label;
        } else {
          total = 1;
          std::size_t from = 1;
          for (std::size_t a = 1; a < c.values.size(); ++a) {
            const auto length = static_cast<std::size_t>(c.values[a]);
            for (std::size_t i = 1; i < length && at(p[from + i]) == label; ++i)
              ++total;
            from += length;
          }
        }
        if (at(p.front()) + offset != total) {
          return fmt::format("{} region cells share {}'s region, not {}", total,
                             v_.cell_name(p.at(1)), at(p.front()) + offset);
        }
        return std::nullopt;
      }
      case clue_kind::doppelganger: {
        // The variables: what each row, column and box leaves out (the units
        // that hold them say it is left out); none 0 (without boxes, the
        // boxes' are); no two of one kind alike; and a 0 sees three apart.
        const variable_group* rows = v_.variables_named("DGC");
        const variable_group* columns = v_.variables_named("DGR");
        const variable_group* boxes = v_.variables_named("DGB");
        if (rows == nullptr || columns == nullptr || boxes == nullptr)
          return "the board has no Doppelganger variables";
        const bool has_boxes = v_.has(unit_kind::box);
        for (const variable_group* g : {rows, columns, boxes}) {
          std::set<int> seen;
          for (int i = 0; i < g->count; ++i) {
            const std::uint32_t q = g->first + static_cast<std::uint32_t>(i);
            if (!known(q)) continue;
            if (g == boxes && !has_boxes) {
              if (at(q) != 0) return fmt::format("{} holds {}, not 0", v_.cell_name(q), at(q));
              continue;
            }
            if (at(q) == 0) return fmt::format("{} leaves out 0", v_.cell_name(q));
            if (!seen.insert(at(q)).second)
              return fmt::format("{} leaves out {} as another does", v_.cell_name(q), at(q));
          }
        }
        std::vector<std::uint32_t> box_variable(v_.positions(), 0);
        for (const unit& u : v_.units()) {
          if (u.kind != unit_kind::box) continue;
          for (std::uint32_t q : u.cells) {
            if (q < v_.positions())
              box_variable[q] = boxes->first + static_cast<std::uint32_t>(u.index);
          }
        }
        const auto width = static_cast<std::uint32_t>(v_.columns());
        for (std::uint32_t q : v_.cells()) {
          if (!known(q) || at(q) != 0) continue;
          std::vector<std::uint32_t> seen = {rows->first + q / width, columns->first + q % width};
          if (has_boxes) seen.push_back(box_variable[q]);
          if (!all_filled(seen) || !repeat(seen)) continue;
          return fmt::format(
              "{} holds 0, and its row, column and box do not leave out three "
              "different values",
              v_.cell_name(q));
        }
        return std::nullopt;
      }
      default:
        return std::nullopt;
    }
  }

 private:
  // The value in a filled cell (its digit, unless the values start at 0); a
  // blank's is lo_ - 1.
  [[nodiscard]] int at(std::uint32_t p) const { return cells_[p] - 1 + lo_; }
  [[nodiscard]] bool known(std::uint32_t p) const { return cells_[p] != 0; }
  [[nodiscard]] int row(std::uint32_t p) const { return static_cast<int>(p) / v_.columns(); }
  [[nodiscard]] int col(std::uint32_t p) const { return static_cast<int>(p) % v_.columns(); }
  // A chaos construction's regions (the values of its variables CC): each as
  // many orthogonally connected cells as values, each value once.
  [[nodiscard]] std::optional<std::string> chaos_regions() const {
    const variable_group* g = v_.variables_named("CC");
    if (g == nullptr) return std::string("the board has no region cells (CC)");
    const int columns = v_.columns(), cells = v_.rows() * columns;
    for (int k = 0; k < cells; ++k) {
      if (!known(g->first + static_cast<std::uint32_t>(k))) return std::nullopt;
    }
    const auto label = [&](int k) { return at(g->first + static_cast<std::uint32_t>(k)); };
    std::vector<char> seen(static_cast<std::size_t>(cells), 0);
    for (int k = 0; k < cells; ++k) {
      if (seen[static_cast<std::size_t>(k)]) continue;
      // The cells holding k's label: one part, as many as values, apart.
      std::vector<int> part{k}, all;
      seen[static_cast<std::size_t>(k)] = 1;
      for (std::size_t i = 0; i < part.size(); ++i) {
        const int q = part[i], r = q / columns, col = q % columns;
        for (const int next : {r > 0 ? q - columns : -1, r + 1 < v_.rows() ? q + columns : -1,
                               col > 0 ? q - 1 : -1, col + 1 < columns ? q + 1 : -1}) {
          if (next < 0 || seen[static_cast<std::size_t>(next)] || label(next) != label(k)) continue;
          seen[static_cast<std::size_t>(next)] = 1;
          part.push_back(next);
        }
      }
      for (int q = 0; q < cells; ++q) {
        if (label(q) == label(k)) all.push_back(q);
      }
      const std::string name = v_.cell_name(g->first + static_cast<std::uint32_t>(k));
      if (all.size() != part.size())
        return fmt::format("the region of {} is not orthogonally connected", name);
      if (static_cast<int>(all.size()) != v_.digits()) {
        return fmt::format("the region of {} has {} cells, not {}", name, all.size(), v_.digits());
      }
      std::vector<std::uint32_t> board;
      for (const int q : all)
        board.push_back(static_cast<std::uint32_t>(q));
      if (auto why = repeat(board)) return fmt::format("the region of {}: {}", name, *why);
    }
    return std::nullopt;
  }

  [[nodiscard]] bool all_filled(const std::vector<std::uint32_t>& p) const {
    return std::all_of(p.begin(), p.end(), [&](std::uint32_t q) { return known(q); });
  }
  [[nodiscard]] std::vector<std::uint32_t> filled_of(const std::vector<std::uint32_t>& p) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t q : p) {
      if (known(q)) out.push_back(q);
    }
    return out;
  }
  [[nodiscard]] std::optional<std::string> repeat(const std::vector<std::uint32_t>& p) const {
    std::set<int> seen;
    for (std::uint32_t q : p) {
      if (known(q) && !seen.insert(at(q)).second) return fmt::format("{} repeats", at(q));
    }
    return std::nullopt;
  }
  // The box holding p (a region's on a board without boxes), or -1.
  [[nodiscard]] int box_of(std::uint32_t p) const {
    const unit_kind by = v_.has(unit_kind::box) ? unit_kind::box : unit_kind::region;
    for (std::size_t u = 0; u < v_.units().size(); ++u) {
      const auto& cells = v_.units()[u].cells;
      if (v_.units()[u].kind == by && std::binary_search(cells.begin(), cells.end(), p))
        return static_cast<int>(u);
    }
    return -1;
  }

  const variant& v_;
  std::span<const std::uint8_t> cells_;
  int n_;
  int lo_;  // the smallest value
};

}  // namespace

std::optional<std::string> check_set_clue(const variant& v, std::span<const std::uint8_t> cells,
                                          const clue& c) {
  return set_checker(v, cells).check(c);
}

}  // namespace sudoku::detail
