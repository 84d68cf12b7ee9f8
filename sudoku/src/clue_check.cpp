// Checking a grid against the clues of modern variants (clue.hpp), straight
// from each rule's wording: code apart from the model's lowering
// (clue_model.cpp), so that each can catch the other's mistakes. On a grid
// with blanks, a clue is judged only where the cells it needs are filled.
#include "clue_check.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <utility>

namespace sudoku::detail {

namespace {

class checker {
 public:
  checker(const variant& v, const grid& g)
      : v_(v), cells_(g.cells()), n_(v.digits()), lo_(v.first_value()) {}

  // Why clue `c` is broken, or nothing.
  std::optional<std::string> check(const clue& c) {
    const auto& p = c.cells;
    const std::size_t k = p.size();
    const int value = c.values.empty() ? 0 : c.values.front();
    switch (c.kind) {
      case clue_kind::thermo:
        for (std::size_t i = 0; i + 1 < k; ++i) {
          if (filled(p[i], p[i + 1]) && at(p[i + 1]) <= at(p[i])) {
            return pair_reason(p[i], p[i + 1], "does not rise");
          }
        }
        return std::nullopt;
      case clue_kind::whisper:
        return along(
            c, [&](int a, int b) { return std::abs(a - b) >= value; },
            fmt::format("differ by less than {}", value));
      case clue_kind::white_dot:
        return neighbours(
            c, [](int a, int b) { return a == b + 1 || b == a + 1; }, "are not consecutive");
      case clue_kind::black_dot:
        return neighbours(
            c, [](int a, int b) { return a == 2 * b || b == 2 * a; }, "are not in ratio 2");
      case clue_kind::x:
        return neighbours(
            c, [](int a, int b) { return a + b == 10; }, "do not add up to 10");
      case clue_kind::v:
        return neighbours(
            c, [](int a, int b) { return a + b == 5; }, "do not add up to 5");
      case clue_kind::greater_than:
        return neighbours(
            c, [](int a, int b) { return a > b; }, "are not in decreasing order");
      case clue_kind::palindrome:
        for (std::size_t i = 0; i < k / 2; ++i) {
          if (filled(p[i], p[k - 1 - i]) && at(p[i]) != at(p[k - 1 - i])) {
            return pair_reason(p[i], p[k - 1 - i], "differ");
          }
        }
        return std::nullopt;
      case clue_kind::modular:
      case clue_kind::entropic: {
        const int m = c.kind == clue_kind::modular ? value : 3;
        for (std::size_t i = 0; i + static_cast<std::size_t>(m) <= k; ++i) {
          std::set<int> classes;
          bool all = true;
          for (std::size_t j = i; j < i + static_cast<std::size_t>(m); ++j) {
            if (!known(p[j])) {
              all = false;
              break;
            }
            classes.insert(c.kind == clue_kind::modular ? at(p[j]) % m : (at(p[j]) - 1) / 3);
          }
          if (all && classes.size() != static_cast<std::size_t>(m)) {
            return fmt::format("{} consecutive cells from {} repeat a class", m,
                               v_.cell_name(p[i]));
          }
        }
        return std::nullopt;
      }
      case clue_kind::renban: {
        if (!all_filled(p)) return std::nullopt;
        const auto [low, high] = std::minmax_element(p.begin(), p.end(), by_digit());
        if (!distinct(p) || at(*high) - at(*low) != static_cast<int>(k) - 1) {
          return std::string("its digits are not a run of different consecutive digits");
        }
        return std::nullopt;
      }
      case clue_kind::between: {
        if (k < 3 || !filled(p.front(), p.back())) return std::nullopt;
        const int low = std::min(at(p.front()), at(p.back()));
        const int high = std::max(at(p.front()), at(p.back()));
        for (std::size_t i = 1; i + 1 < k; ++i) {
          if (known(p[i]) && (at(p[i]) <= low || at(p[i]) >= high)) {
            return fmt::format("{} ({}) is not between the ends", v_.cell_name(p[i]), at(p[i]));
          }
        }
        return std::nullopt;
      }
      case clue_kind::zipper: {
        if (!all_filled(p)) return std::nullopt;
        const int target = k % 2 == 1 ? at(p[k / 2]) : at(p.front()) + at(p.back());
        for (std::size_t i = 0; i < k / 2; ++i) {
          if (at(p[i]) + at(p[k - 1 - i]) != target) {
            return pair_reason(p[i], p[k - 1 - i], fmt::format("do not add up to {}", target));
          }
        }
        return std::nullopt;
      }
      case clue_kind::sum_line: {
        if (!all_filled(p)) return std::nullopt;
        // Some place to start cutting (any, on a loop; the first cell, else)
        // splits the line into segments of the sum.
        for (std::size_t start = 0; start < (c.loop ? k : 1); ++start) {
          int running = 0;
          bool ok = true;
          for (std::size_t i = 0; i < k && ok; ++i) {
            running += at(p[(start + i) % k]);
            if (running == value) running = 0;
            ok = running < value;
          }
          if (ok && running == 0) return std::nullopt;
        }
        return fmt::format("the line does not split into segments adding up to {}", value);
      }
      case clue_kind::quad: {
        if (!all_filled(p)) return std::nullopt;
        std::multiset<int> held;
        for (std::uint32_t q : p)
          held.insert(at(q));
        for (int d : c.values) {
          auto it = held.find(d);
          if (it == held.end()) return fmt::format("it lacks a {}", d);
          held.erase(it);
        }
        return std::nullopt;
      }
      case clue_kind::same_values: {
        if (!all_filled(p) || value <= 0) return std::nullopt;
        const std::size_t size = k / static_cast<std::size_t>(value);
        std::vector<std::multiset<int>> sets(static_cast<std::size_t>(value));
        for (std::size_t i = 0; i < k; ++i)
          sets[i / size].insert(at(p[i]));
        for (const auto& s : sets) {
          if (s != sets.front()) return std::string("its sets hold different digits");
        }
        return std::nullopt;
      }
      case clue_kind::cage:
        if (!distinct(p)) return std::string("a digit repeats");
        if (value != 0 && all_filled(p) && total(p) != value) return sum_reason(p, value);
        return std::nullopt;
      case clue_kind::sum: {
        if (!all_filled(p)) return std::nullopt;
        int s = 0;
        for (std::size_t i = 0; i < k; ++i)
          s += (c.values.size() == k + 1 ? c.values[i + 1] : 1) * at(p[i]);
        if (s != value) return fmt::format("its weighted digits add up to {}, not {}", s, value);
        return std::nullopt;
      }
      case clue_kind::little_killer:
        if (all_filled(p) && total(p) != value) return sum_reason(p, value);
        return std::nullopt;
      case clue_kind::arrow: {
        if (!all_filled(p)) return std::nullopt;
        const std::vector<std::uint32_t> shaft(p.begin() + 1, p.end());
        if (total(shaft) != at(p.front())) return sum_reason(shaft, at(p.front()));
        return std::nullopt;
      }
      case clue_kind::double_arrow: {
        if (!all_filled(p) || k < 2) return std::nullopt;
        const std::vector<std::uint32_t> middle(p.begin() + 1, p.end() - 1);
        const int ends = at(p.front()) + at(p.back());
        if (total(middle) != ends) return sum_reason(middle, ends);
        return std::nullopt;
      }
      case clue_kind::pill_arrow: {
        if (!all_filled(p)) return std::nullopt;
        const auto size = static_cast<std::size_t>(value);
        std::vector<std::uint32_t> pill(p.begin(), p.begin() + static_cast<long>(size));
        std::sort(pill.begin(), pill.end());
        int number = 0;
        for (std::size_t i = 0; i < pill.size(); ++i) {
          if (i > 0 && at(pill[i]) > 9)
            return std::string("a pill digit after the first is above 9");
          number = number * 10 + at(pill[i]);
        }
        const std::vector<std::uint32_t> shaft(p.begin() + static_cast<long>(size), p.end());
        if (total(shaft) != number) return sum_reason(shaft, number);
        return std::nullopt;
      }
      case clue_kind::sandwich:
      case clue_kind::lunchbox: {
        if (c.kind == clue_kind::lunchbox && !distinct(p)) return std::string("a digit repeats");
        if (!all_filled(p)) return std::nullopt;
        const auto [low, high] =
            c.kind == clue_kind::sandwich
                ? std::pair{lo_, v_.value_of(n_)}
                : std::pair{at(*std::min_element(p.begin(), p.end(), by_digit())),
                            at(*std::max_element(p.begin(), p.end(), by_digit()))};
        std::vector<std::size_t> ends;
        for (std::size_t i = 0; i < k; ++i) {
          if (at(p[i]) == low || at(p[i]) == high) ends.push_back(i);
        }
        if (ends.size() != 2) return fmt::format("it does not hold one {} and one {}", low, high);
        const std::vector<std::uint32_t> inside(p.begin() + static_cast<long>(ends[0]) + 1,
                                                p.begin() + static_cast<long>(ends[1]));
        if (total(inside) != value) {
          return fmt::format("the digits between its {} and {} add up to {}, not {}", low, high,
                             total(inside), value);
        }
        return std::nullopt;
      }
      case clue_kind::x_sum: {
        if (k == 0 || !known(p.front())) return std::nullopt;
        if (at(p.front()) < 1) return std::string("its first digit is 0: no cells add up");
        const auto x = static_cast<std::size_t>(at(p.front()));
        if (x > k) return fmt::format("its first digit {} is longer than the line", x);
        const std::vector<std::uint32_t> first(p.begin(), p.begin() + static_cast<long>(x));
        if (all_filled(first) && total(first) != value) return sum_reason(first, value);
        return std::nullopt;
      }
      case clue_kind::skyscraper: {
        if (!all_filled(p)) return std::nullopt;
        int seen = 0, tallest = 0;  // a 0 is no skyscraper
        for (std::uint32_t q : p) {
          if (at(q) > tallest) ++seen, tallest = at(q);
        }
        if (seen != value) return fmt::format("{} skyscrapers are seen, not {}", seen, value);
        return std::nullopt;
      }
      case clue_kind::hidden_skyscraper: {
        // The first cell lower than a cell before it, read as far as filled.
        int tallest = lo_ - 1;
        for (std::uint32_t q : p) {
          if (!known(q)) return std::nullopt;
          if (at(q) > tallest) {
            tallest = at(q);
            continue;
          }
          if (at(q) == value) return std::nullopt;
          return fmt::format("the first hidden skyscraper, at {}, is {}, not {}", v_.cell_name(q),
                             at(q), value);
        }
        return std::string("no skyscraper is hidden");
      }
      case clue_kind::numbered_room: {
        if (k == 0 || !known(p.front())) return std::nullopt;
        if (at(p.front()) < 1) return std::string("its first digit is 0: it points at no cell");
        const auto n = static_cast<std::size_t>(at(p.front()));
        if (n > k) return fmt::format("its first digit {} is longer than the line", n);
        const std::uint32_t room = p[n - 1];
        if (known(room) && at(room) != value) {
          return fmt::format("its cell {} ({}) holds {}, not {}", n, v_.cell_name(room), at(room),
                             value);
        }
        return std::nullopt;
      }
      case clue_kind::full_rank:
        return full_rank(c);
      case clue_kind::full_rank_ties:
        return value == 0 ? lines_apart() : std::nullopt;
      case clue_kind::anti_knight:
        return moves({{1, 2}, {2, 1}, {1, -2}, {2, -1}}, "a knight's move");
      case clue_kind::anti_king:
        return moves({{0, 1}, {1, 0}, {1, 1}, {1, -1}}, "a king's move");
      case clue_kind::anti_taxicab:
        for (std::uint32_t a : v_.cells()) {
          for (std::uint32_t b : v_.cells()) {
            if (b <= a || !filled(a, b) || at(a) != at(b)) continue;
            if (distance(a, b) == at(a)) return pair_reason(a, b, "are that far apart");
          }
        }
        return std::nullopt;
      case clue_kind::anti_consecutive:
        return every_neighbour(
            {}, [](int a, int b) { return std::abs(a - b) != 1; }, "are consecutive");
      case clue_kind::strict_kropki:
        return every_neighbour(
            marked(clue_kind::white_dot, clue_kind::black_dot),
            [](int a, int b) { return std::abs(a - b) != 1 && a != 2 * b && b != 2 * a; },
            "have no dot but are consecutive or in ratio 2");
      case clue_kind::strict_xv:
        return every_neighbour(
            marked(clue_kind::x, clue_kind::v),
            [](int a, int b) { return a + b != 10 && a + b != 5; },
            "have no X or V but add up to 10 or 5");
      case clue_kind::given:
        for (const std::uint32_t q : p) {
          if (known(q) && std::find(c.values.begin(), c.values.end(), at(q)) == c.values.end())
            return fmt::format("{} holds {}", v_.cell_name(q), at(q));
        }
        return std::nullopt;
      case clue_kind::all_of:
        for (const clue& part : c.parts) {
          if (auto why = check(part)) return fmt::format("{}: {}", v_.clue_name(part), *why);
        }
        return std::nullopt;
      case clue_kind::any_of: {
        // Broken once every part is (a part is judged where its cells are filled).
        std::string why;
        for (const clue& part : c.parts) {
          const auto broken = check(part);
          if (!broken) return std::nullopt;
          why += fmt::format("{}{}: {}", why.empty() ? "no part holds: " : "; ", v_.clue_name(part),
                             *broken);
        }
        return why;
      }
      default:
        return check_set_clue(v_, cells_, c);
    }
    return std::nullopt;
  }

 private:
  // The value in a filled cell (its digit, unless the values start at 0).
  [[nodiscard]] int at(std::uint32_t p) const { return cells_[p] - 1 + lo_; }
  [[nodiscard]] bool known(std::uint32_t p) const { return cells_[p] != 0; }
  [[nodiscard]] bool filled(std::uint32_t a, std::uint32_t b) const { return known(a) && known(b); }
  [[nodiscard]] bool all_filled(const std::vector<std::uint32_t>& p) const {
    return std::all_of(p.begin(), p.end(), [&](std::uint32_t q) { return known(q); });
  }
  struct digit_order {
    const checker* self;
    bool operator()(std::uint32_t a, std::uint32_t b) const { return self->at(a) < self->at(b); }
  };
  [[nodiscard]] digit_order by_digit() const { return {this}; }
  [[nodiscard]] bool distinct(const std::vector<std::uint32_t>& p) const {
    std::set<int> seen;
    for (std::uint32_t q : p) {
      if (known(q) && !seen.insert(at(q)).second) return false;
    }
    return true;
  }
  [[nodiscard]] int total(const std::vector<std::uint32_t>& p) const {
    int s = 0;
    for (std::uint32_t q : p)
      s += at(q);
    return s;
  }
  [[nodiscard]] int row(std::uint32_t p) const { return static_cast<int>(p) / v_.columns(); }
  [[nodiscard]] int col(std::uint32_t p) const { return static_cast<int>(p) % v_.columns(); }
  [[nodiscard]] int distance(std::uint32_t a, std::uint32_t b) const {
    return std::abs(row(a) - row(b)) + std::abs(col(a) - col(b));
  }
  [[nodiscard]] std::string pair_reason(std::uint32_t a, std::uint32_t b,
                                        std::string_view what) const {
    return fmt::format("{} ({}) and {} ({}) {}", v_.cell_name(a), at(a), v_.cell_name(b), at(b),
                       what);
  }
  [[nodiscard]] std::string sum_reason(const std::vector<std::uint32_t>& p, int want) const {
    return fmt::format("its digits add up to {}, not {}", total(p), want);
  }
  template <class Ok>
  std::optional<std::string> along(const clue& c, Ok ok, const std::string& what) const {
    const auto& p = c.cells;
    for (std::size_t i = 0; i < p.size(); ++i) {
      const std::size_t j = i + 1 < p.size() ? i + 1 : 0;
      if (j == 0 && !(c.loop && p.size() > 2)) break;
      if (filled(p[i], p[j]) && !ok(at(p[i]), at(p[j]))) return pair_reason(p[i], p[j], what);
    }
    return std::nullopt;
  }
  template <class Ok>
  std::optional<std::string> neighbours(const clue& c, Ok ok, std::string_view what) const {
    const auto& p = c.cells;
    for (std::size_t i = 0; i < p.size(); ++i) {
      for (std::size_t j = i + 1; j < p.size(); ++j) {
        if (v_.neighbours(p[i], p[j]) && filled(p[i], p[j]) && !ok(at(p[i]), at(p[j]))) {
          return pair_reason(p[i], p[j], what);
        }
      }
    }
    return std::nullopt;
  }
  [[nodiscard]] std::set<std::pair<std::uint32_t, std::uint32_t>> marked(clue_kind a,
                                                                         clue_kind b) const {
    std::set<std::pair<std::uint32_t, std::uint32_t>> out;
    for (const clue& c : v_.clues()) {
      if (c.kind != a && c.kind != b) continue;
      for (std::uint32_t x : c.cells) {
        for (std::uint32_t y : c.cells) {
          if (x < y && v_.neighbours(x, y)) out.insert({x, y});
        }
      }
    }
    return out;
  }
  template <class Ok>
  std::optional<std::string> every_neighbour(
      const std::set<std::pair<std::uint32_t, std::uint32_t>>& exempt, Ok ok,
      std::string_view what) const {
    for (std::uint32_t a : v_.cells()) {
      for (std::uint32_t b : v_.cells()) {
        if (b <= a || !v_.neighbours(a, b) || exempt.contains({a, b})) continue;
        if (filled(a, b) && !ok(at(a), at(b))) return pair_reason(a, b, what);
      }
    }
    return std::nullopt;
  }
  // FullRank's lines: every row and column, read both ways.
  [[nodiscard]] std::vector<std::vector<std::uint32_t>> rank_lines() const {
    std::vector<std::vector<std::uint32_t>> out;
    const int rows = v_.rows(), columns = v_.columns();
    for (int k = 0; k < rows + columns; ++k) {
      std::vector<std::uint32_t> line;
      const bool row = k < rows;
      for (int i = 0; i < (row ? columns : rows); ++i)
        line.push_back(static_cast<std::uint32_t>(row ? k * columns + i : i * columns + k - rows));
      out.push_back(line);
      std::reverse(line.begin(), line.end());
      out.push_back(std::move(line));
    }
    return out;
  }
  // "row 3 from the right", "column 2 from the top".
  [[nodiscard]] std::string line_name(const std::vector<std::uint32_t>& line) const {
    const int columns = v_.columns();
    const int a = static_cast<int>(line.front()), b = static_cast<int>(line.back());
    if (a / columns == b / columns) {
      return fmt::format("row {} from the {}", a / columns + 1, a < b ? "left" : "right");
    }
    return fmt::format("column {} from the {}", a % columns + 1, a < b ? "top" : "bottom");
  }
  // Read as a number, the line's place among all rows and columns read both
  // ways: one more than those less (ISS's FullRank); with FullRankTies other
  // than "any", no line reads as it does.
  [[nodiscard]] std::optional<std::string> full_rank(const clue& c) const {
    // A rank weighs every line.
    const auto cells = v_.cells();
    if (!std::all_of(cells.begin(), cells.end(), [&](std::uint32_t q) { return known(q); }))
      return std::nullopt;
    int ties = 1;
    for (const clue& o : v_.clues()) {
      if (o.kind == clue_kind::full_rank_ties) ties = o.values.at(0);
    }
    const auto digits = [&](const std::vector<std::uint32_t>& line) {
      std::vector<int> out;
      for (std::uint32_t p : line)
        out.push_back(at(p));
      return out;
    };
    const std::vector<int> own = digits(c.cells);
    int less = 0;
    for (const auto& line : rank_lines()) {
      if (line == c.cells) continue;
      const std::vector<int> other = digits(line);
      if (other < own) ++less;
      if (other == own && ties != 2) {
        return fmt::format("it reads as {} does ({})", line_name(line), fmt::join(own, ""));
      }
    }
    if (less + 1 != c.values.at(0)) {
      return fmt::format("it ranks {}, not {} ({} lines read less)", less + 1, c.values.at(0),
                         less);
    }
    return std::nullopt;
  }
  // No two rows or columns, read either way, read alike (FullRankTies none).
  [[nodiscard]] std::optional<std::string> lines_apart() const {
    const auto lines = rank_lines();
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (!all_filled(lines[i])) continue;
      for (std::size_t j = i + 1; j < lines.size(); ++j) {
        if (!all_filled(lines[j])) continue;
        bool alike = true;
        for (std::size_t k = 0; alike && k < lines[i].size(); ++k)
          alike = cells_[lines[i][k]] == cells_[lines[j][k]];
        if (alike)
          return fmt::format("{} and {} read alike", line_name(lines[i]), line_name(lines[j]));
      }
    }
    return std::nullopt;
  }

  std::optional<std::string> moves(std::initializer_list<std::pair<int, int>> offsets,
                                   std::string_view name) const {
    for (std::uint32_t a : v_.cells()) {
      for (auto [dr, dc] : offsets) {
        const int r = row(a) + dr, cl = col(a) + dc;
        if (r < 0 || cl < 0 || r >= v_.rows() || cl >= v_.columns()) continue;
        const auto b = static_cast<std::uint32_t>(r * v_.columns() + cl);
        if (v_.is_cell(b) && filled(a, b) && at(a) == at(b)) {
          return pair_reason(a, b, fmt::format("repeat a digit {} apart", name));
        }
      }
    }
    return std::nullopt;
  }

  const variant& v_;
  std::span<const std::uint8_t> cells_;
  int n_;
  int lo_;  // the smallest value
};

}  // namespace

std::optional<broken_clue> first_broken_clue(const variant& v, const grid& g) {
  const auto cells = g.cells();
  if (v.has_restrictions()) {
    for (std::uint32_t p : v.all_cells()) {
      if (cells[p] != 0 && (v.candidates(p) >> cells[p] & 1) == 0) {
        return broken_clue{v.clues().size(), p,
                           fmt::format("{} holds {}, which its pencil marks rule out",
                                       v.cell_name(p), v.value_of(cells[p]))};
      }
    }
  }
  checker check(v, g);
  for (std::size_t k = 0; k < v.clues().size(); ++k) {
    if (auto why = check.check(v.clues()[k])) {
      const clue& c = v.clues()[k];
      return broken_clue{k, c.cells.empty() ? 0 : c.cells.front(),
                         fmt::format("{}: {}", v.clue_name(c), *why)};
    }
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
