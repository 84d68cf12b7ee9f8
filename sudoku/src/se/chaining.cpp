// SE's chaining techniques, from the rating's side: the sorted hints of one
// rule (SE's Chaining(multiple, dynamic, nishio, level) and getHintList), and
// the first of them, which is the one SE applies. X-, Y- and XY-cycles and
// forcing chains, Nishio, multiple and dynamic forcing chains, and dynamic
// chains that use other techniques inside (levels 1 to 5).
//
// The engine and the searches are in their own files: chainer.hpp (the
// implication engine every search shares), forcing_chains.cpp,
// multiple_chains.cpp and nested_chains.cpp. A search of dynamic chains that
// finds nothing can leave its states to the next level (chain_memory), which
// goes on from them.
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "se/chainer.hpp"
#include "se/techniques.hpp"

namespace sudoku::se {

namespace chains {

std::vector<chain_hint> chainer::hint_list(board& grid) {
  std::vector<chain_hint> result;
  // Without dynamic chains the grid stays as it is during the whole search.
  if (!rule_.dynamic) prepare_links(grid);
  struct unprepare {
    bool& ready;
    ~unprepare() { ready = false; }
  } unprepare_links{links_ready_};
  if (rule_.multiple || rule_.dynamic) {
    multiple_chains(grid, result);
  } else {
    unary_chains(grid, result);
  }
  std::stable_sort(result.begin(), result.end(), [](const chain_hint& a, const chain_hint& b) {
    if (a.difficulty != b.difficulty) return a.difficulty < b.difficulty;
    if (a.complexity != b.complexity) return a.complexity < b.complexity;
    return a.sort_key < b.sort_key;
  });
  return result;
}

std::string chainer::name_of(const chain_hint& h) const {
  switch (h.kind) {
    case hint_kind::cycle:
      if (h.x && h.y) return "Bidirectional Cycle";
      if (h.y) return "Bidirectional Y-Cycle";
      return "Bidirectional X-Cycle";
    case hint_kind::forcing:
      if (h.x && h.y) return "Forcing Chain";
      if (h.y) return "Forcing Y-Chain";
      return "Forcing X-Chain";
    default:
      break;
  }
  std::string prefix = rule_.level > 0 ? "Dynamic "
                       : rule_.nishio  ? "Nishio "
                       : rule_.dynamic ? "Dynamic "
                                       : "";
  std::string kind = h.kind == hint_kind::cell     ? "Cell Forcing"
                     : h.kind == hint_kind::region ? "Region Forcing"
                     : rule_.nishio                ? "Forcing"
                     : h.absurd                    ? "Contradiction Forcing"
                                                   : "Double Forcing";
  static const char* const suffixes[] = {"",
                                         " (+)",
                                         " (+ Forcing Chains)",
                                         " (+ Multiple Forcing Chains)",
                                         " (+ Dynamic Forcing Chains)",
                                         " (+ Dynamic Forcing Chains (+ Forcing Chains))"};
  return prefix + kind + " Chains" + suffixes[std::min(rule_.level, 5)];
}

}  // namespace chains

struct chain_memory::kept {
  board grid;
  int level = 0;
  chains::arena a;
  chains::start_states memo;
};
chain_memory::chain_memory() = default;
chain_memory::~chain_memory() = default;

bool first_chaining_hint(const board& b, const chaining_rule& rule, budget& work, hint& out,
                         chain_memory* memory) {
  // Levels 0 to 3, and 4 to 5, of dynamic chains each extend the one below.
  const bool extends = rule.multiple && rule.dynamic && !rule.nishio;
  std::unique_ptr<chain_memory::kept> kept;
  if (memory) kept = std::move(memory->state);
  if (kept && !(extends && rule.level != 4 && kept->level + 1 == rule.level && kept->grid == b))
    kept.reset();
  chains::arena a = kept ? std::move(kept->a) : chains::arena{};
  chains::chainer c(rule, a, work, false);
  if (kept) c.resume(kept->memo);
  const bool keep = memory && extends && rule.level != 3 && rule.level < 5;
  c.keep_states(keep);
  board grid = b;
  std::vector<chains::chain_hint> hints = c.hint_list(grid);
  if (hints.empty()) {
    if (keep) {
      if (!kept) kept = std::make_unique<chain_memory::kept>();
      kept->grid = b;
      kept->level = rule.level;
      kept->a = std::move(a);
      c.take_states(kept->memo);
      memory->state = std::move(kept);
    }
    return false;
  }
  const chains::chain_hint& h = hints.front();
  out = hint{};
  out.difficulty = h.difficulty;
  out.name = c.name_of(h);
  out.removals = h.removals;
  out.cell = h.cell;
  out.value = h.value;
  c.links_of(h, out.links);
  return true;
}

}  // namespace sudoku::se
