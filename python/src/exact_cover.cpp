// ExactCover: the generic engine for Python, shaped like xcover so that its
// users feel at home. Options are lists of item names (any hashable objects);
// a str "x:A" gives secondary item x the color A (Knuth's XCC); primary items
// given as a dict carry bounds, an int k for exactly k or a pair (u, v) (MCC).
// The names live in Python (a dict to item ids); the problem and solver are the
// library's, searched with the GIL released. A solver serves one search at a
// time (a mutex says so); the lazy solutions iterator searches a copy of it,
// so any number of them can be open at once. Here: the searches and the
// bindings; exact_cover_reading.cpp makes the problem, zdd_module.cpp the Zdd.
#include <fmt/core.h>
#include <pybind11/stl.h>
#include <dlx/counted.hpp>
#include <dlx/format.hpp>
#include <dlx/memo.hpp>
#include <dlx/solver.hpp>
#include <dlx/structure.hpp>
#include <dlx/zdd.hpp>

#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "exact_cover.hpp"

namespace dlx_python {

std::optional<std::string> exact_cover::preselect(dlx::solver& s,
                                                  const std::vector<long long>& options) {
  std::vector<dlx::option_id> ids;
  for (long long o : options) {
    if (o < 0 || o >= static_cast<long long>(problem_.option_count())) {
      return fmt::format("preselect: there is no option {} (0 to {})", o,
                         static_cast<long long>(problem_.option_count()) - 1);
    }
    ids.push_back(static_cast<dlx::option_id>(o));
  }
  if (auto c = s.preselect(ids)) {
    return fmt::format("preselect: option {} covers item {}, already covered by option {}",
                       c->option,
                       problem_.name(c->item).empty() ? fmt::format("#{}", c->item)
                                                      : std::string(problem_.name(c->item)),
                       c->covered_by);
  }
  return std::nullopt;
}

namespace {

// "none", "forced", "pairs" or "groups" (dlx::propagation).
dlx::propagation propagation_named(const std::string& name) {
  constexpr std::pair<std::string_view, dlx::propagation> names[] = {
      {"none", dlx::propagation::none},
      {"forced", dlx::propagation::forced},
      {"pairs", dlx::propagation::pairs},
      {"groups", dlx::propagation::groups}};
  for (const auto& [n, p] : names) {
    if (name == n) return p;
  }
  throw py::value_error(fmt::format("propagation: 'none', 'forced', 'pairs' or 'groups', not {}",
                                    shown(py::str(name))));
}

// "mrv" or "conflicts" (dlx::branching).
dlx::branching branching_named(const std::string& name) {
  if (name == "mrv") return dlx::branching::mrv;
  if (name == "conflicts") return dlx::branching::conflicts;
  throw py::value_error(
      fmt::format("branching: 'mrv' or 'conflicts', not {}", shown(py::str(name))));
}

dlx::search_options search_options(std::uint64_t limit, std::uint64_t budget, unsigned threads,
                                   const std::string& propagation = "none",
                                   const std::string& branching = "mrv") {
  dlx::search_options o;
  o.limit = limit;
  o.node_budget = budget;
  o.threads = threads;
  o.propagation = propagation_named(propagation);
  o.branching = branching_named(branching);
  return o;
}

[[noreturn]] void raise_unknown(const dlx::search_result& r) {
  raise_budget_exhausted(
      fmt::format("unknown: the node budget ran out after {} and {}", dlx::counted(r.nodes, "node"),
                  dlx::counted(r.solutions, "solution")),
      r.nodes, r.solutions);
}

// A node of the search tree from Python: option indices, -1 for DLX3's null move.
dlx::search_node node_path(const std::vector<long long>& path) {
  dlx::search_node node;
  for (long long o : path) {
    if (o < -1 || o >= static_cast<long long>(dlx::null_move)) {
      throw py::value_error(fmt::format("subtree: {} is not an option index (or -1)", o));
    }
    node.push_back(o == -1 ? dlx::null_move : static_cast<dlx::option_id>(o));
  }
  return node;
}

}  // namespace

template <class Search>
void exact_cover::with_solver(const std::vector<long long>& preselected, Search&& search) {
  std::optional<std::string> conflict;
  {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    struct undo {
      dlx::solver& s;
      ~undo() { s.clear_preselection(); }
    } guard{*solver_};
    conflict = preselect(*solver_, preselected);
    if (!conflict) search(*solver_);
  }
  if (conflict) throw py::value_error(*conflict);
}

py::object exact_cover::count(std::uint64_t limit, std::uint64_t budget, unsigned threads,
                              const std::string& propagation, const std::string& branching,
                              const std::vector<long long>& preselected,
                              const std::vector<long long>& subtree) {
  interrupt_check interrupt;
  dlx::search_options o =
      search_options(limit, budget, thread_count(threads), propagation, branching);
  const dlx::search_node node = node_path(subtree);
  o.subtree = node;
  interrupt.attach(o);
  dlx::search_result r;
  with_solver(preselected, [&](dlx::solver& s) { last_ = r = s.count(o); });
  interrupt.raise_if_interrupted();
  if (r.status == dlx::search_status::budget_exhausted) raise_unknown(r);
  return py::int_(r.solutions);
}

py::object exact_cover::first(std::uint64_t budget, std::optional<std::uint64_t> seed,
                              unsigned threads, const std::string& propagation,
                              const std::string& branching,
                              const std::vector<long long>& preselected,
                              const std::vector<long long>& subtree) {
  interrupt_check interrupt;
  dlx::search_options o = search_options(0, budget, thread_count(threads), propagation, branching);
  o.seed = seed;
  const dlx::search_node node = node_path(subtree);
  o.subtree = node;
  interrupt.attach(o);
  dlx::search_result r;
  std::vector<dlx::option_id> solution;
  with_solver(preselected, [&](dlx::solver& s) { last_ = r = s.solve(solution, o); });
  interrupt.raise_if_interrupted();
  if (r.status == dlx::search_status::budget_exhausted) raise_unknown(r);
  if (r.solutions == 0) return py::none();
  return py::cast(std::vector<std::uint32_t>(solution.begin(), solution.end()));
}

tree_split exact_cover::split(std::size_t pieces, const std::string& propagation,
                              const std::vector<long long>& preselected) {
  const dlx::search_options options = search_options(0, 0, 1, propagation);
  dlx::search_split cut;
  with_solver(preselected, [&](dlx::solver& s) { cut = s.split(pieces, options); });
  tree_split out;
  for (const auto& piece : cut.pieces) {
    auto& path = out.pieces.emplace_back();
    for (dlx::option_id o : piece)
      path.push_back(o == dlx::null_move ? -1 : static_cast<long long>(o));
  }
  out.weights = std::move(cut.weights);
  out.above = {cut.above};
  for (const auto& solution : cut.solutions)
    out.solutions.emplace_back(solution.begin(), solution.end());
  return out;
}

memo_diagram exact_cover::zdd(std::uint64_t budget, std::uint64_t memory_budget,
                              const std::string& branching, bool decompose, unsigned threads) {
  dlx::memo_options o;
  o.decompose = decompose;
  o.threads = thread_count(threads);
  if (branching == "first") {
    o.branching = dlx::memo_branching::first;
  } else if (branching != "mrv") {
    throw py::value_error(
        fmt::format("branching: 'mrv' or 'first', not {}", shown(py::str(branching))));
  }
  if (problem_.has_multiplicities()) {
    throw py::value_error("zdd: the memoized search does not take multiplicities (bounds) yet");
  }
  o.node_budget = budget;
  o.memory_budget = memory_budget;
  interrupt_check interrupt;
  o.progress_interval = std::uint64_t{1} << 14;
  o.on_progress = [&](const dlx::memo_progress&) {
    return interrupt.poll() ? dlx::visit::stop : dlx::visit::next;
  };
  dlx::memo_result r;
  // With threads or parts the search runs on threads of its own, which call
  // on_progress: this thread watches for Ctrl-C meanwhile.
  interrupt.run_watched([&] { r = dlx::build_zdd(problem_, o); });
  interrupt.raise_if_interrupted();
  if (r.status == dlx::memo_status::budget_exhausted) {
    raise_budget_exhausted(
        "unknown: the node budget ran out after " + dlx::counted(r.stats.nodes, "node"),
        r.stats.nodes, 0);
  }
  if (r.status == dlx::memo_status::memory_exhausted) {
    PyErr_SetString(PyExc_MemoryError, fmt::format("memory budget exhausted after {} and {}",
                                                   dlx::counted(r.stats.nodes, "node"),
                                                   dlx::counted(r.stats.bytes, "byte"))
                                           .c_str());
    throw py::error_already_set();
  }
  return {std::make_shared<const dlx::zdd>(std::move(r.diagram)), r.stats, costs()};
}

dlx::solver exact_cover::solver_for_iterator(const std::vector<long long>& preselected) {
  std::optional<std::string> conflict;
  std::optional<dlx::solver> copy;
  {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    copy.emplace(*solver_);
  }
  conflict = preselect(*copy, preselected);
  if (conflict) throw py::value_error(*conflict);
  return std::move(*copy);
}

/// The lazy solutions of ExactCover.solutions(): each next() resumes the
/// search until the next solution. Closing it (or dropping it) ends the search.
class solution_iterator {
 public:
  solution_iterator(dlx::solver s, dlx::search_options options, dlx::search_node subtree)
      : solver_(std::move(s)), options_(std::move(options)), subtree_(std::move(subtree)) {
    options_.subtree = subtree_;
    interrupt_.attach(options_);
  }

  py::object next() {
    std::vector<std::uint32_t> solution;
    bool ended = false;
    bool busy = false;
    {
      py::gil_scoped_release release;
      std::unique_lock lock(busy_, std::try_to_lock);
      busy = !lock.owns_lock();
      if (!busy && !done_) {
        if (!range_) {
          range_.reset(new dlx::solution_range(solver_.solutions(options_)));
          it_ = range_->begin();
        } else {
          ++it_;
        }
        if (it_ == std::default_sentinel) {
          final_ = range_->result();
          range_.reset();
          done_ = true;
          ended = true;
        } else {
          const auto s = *it_;
          solution.assign(s.begin(), s.end());
        }
      }
    }
    if (busy) throw py::value_error("the solutions iterator is already running in another thread");
    if (ended) interrupt_.raise_if_interrupted();
    if (done_) {
      if (ended && final_.status == dlx::search_status::budget_exhausted) raise_unknown(final_);
      throw py::stop_iteration();
    }
    return py::cast(solution);
  }

  void close() {
    py::gil_scoped_release release;
    std::lock_guard lock(busy_);
    if (range_) final_ = range_->result();
    range_.reset();  // restores the solver
    done_ = true;
  }

  search_stats stats() {
    std::lock_guard lock(busy_);
    return {range_ ? range_->result() : final_};
  }

 private:
  dlx::solver solver_;
  dlx::search_options options_;
  dlx::search_node subtree_;
  std::unique_ptr<dlx::solution_range> range_;
  dlx::solution_range::iterator it_;
  dlx::search_result final_;
  bool done_ = false;
  std::mutex busy_;
  interrupt_check interrupt_;
};

void bind_exact_cover(py::module_& m) {
  py::class_<search_stats>(m, "SearchStats",
                           "What a search did, counted as Knuth's DLX1, DLX2 and DLX3 count it.")
      .def_property_readonly(
          "status",
          [](const search_stats& s) { return std::string(dlx::to_string(s.result.status)); },
          "'complete', 'limit_reached', 'budget_exhausted' or 'stopped'.")
      .def_property_readonly(
          "solutions", [](const search_stats& s) { return s.result.solutions; }, "Solutions found.")
      .def_property_readonly(
          "nodes", [](const search_stats& s) { return s.result.nodes; }, "Search tree nodes.")
      .def_property_readonly(
          "updates", [](const search_stats& s) { return s.result.updates; },
          "Links removed while covering (Knuth's updates).")
      .def_property_readonly(
          "cleansings", [](const search_stats& s) { return s.result.cleansings; },
          "Colors set on secondary items (DLX2's purifications); 0 without colors.")
      .def_property_readonly(
          "branches", [](const search_stats& s) { return s.result.branches; },
          "Nodes with two or more options to try.")
      .def_property_readonly(
          "guesses", [](const search_stats& s) { return s.result.guesses; },
          "Guesses, as tdoku counts them: a node with k options that tries j counts\n"
          "min(j, k - 1); a yes/no branch (propagation 'groups') counts 1.")
      .def_property_readonly(
          "forced", [](const search_stats& s) { return s.result.forced; },
          "With propagation: options taken as forced moves, without a node.")
      .def_property_readonly(
          "eliminated", [](const search_stats& s) { return s.result.eliminated; },
          "With propagation 'pairs' or 'groups': options removed by their rules.")
      .def_property_readonly(
          "max_level", [](const search_stats& s) { return s.result.max_level; },
          "The deepest level reached.")
      .def_property_readonly(
          "complete", [](const search_stats& s) { return s.result.complete(); },
          "True when the whole tree was searched: the count is exact.")
      .def("__repr__", [](const search_stats& s) {
        return fmt::format("<SearchStats {}: {}, {}, {}>", dlx::to_string(s.result.status),
                           dlx::counted(s.result.solutions, "solution"),
                           dlx::counted(s.result.nodes, "node"),
                           dlx::counted(s.result.updates, "update"));
      });

  py::class_<solution_iterator>(
      m, "SolutionIterator",
      "The solutions of ExactCover.solutions(), found one at a time: each a list of option\n"
      "indices. close() (or leaving a with block, or dropping it) ends the search.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &solution_iterator::next)
      .def("close", &solution_iterator::close, "Ends the search; next() then stops.")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__", [](solution_iterator& it, py::args) { it.close(); })
      .def_property_readonly("stats", &solution_iterator::stats,
                             "The search's statistics so far (SearchStats).");

  py::class_<tree_split>(m, "Split", "A search cut into subtrees by ExactCover.split().")
      .def_readonly("pieces", &tree_split::pieces,
                    "The subtrees, as paths of option indices from the root (-1 where DLX3\n"
                    "closed an item without an option), in the order one search meets them.")
      .def_readonly("weights", &tree_split::weights,
                    "Each piece's share of the tree by Knuth's estimate: a guide to its size.")
      .def_readonly("above", &tree_split::above,
                    "The work above the pieces (SearchStats): its solutions are in no piece.")
      .def_readonly("solutions", &tree_split::solutions,
                    "The solutions met above the pieces, as lists of option indices.")
      .def("__repr__", [](const tree_split& s) {
        return fmt::format("<Split: {}, {} above>", dlx::counted(s.pieces.size(), "piece"),
                           dlx::counted(s.above.result.solutions, "solution"));
      });

  py::class_<exact_cover>(
      m, "ExactCover",
      "An exact-cover problem: choose options (lists of items) that cover every primary\n"
      "item exactly once (or between its bounds) and every secondary item at most once\n"
      "(or only with one color). Solved by Knuth's Algorithm X with dancing links.\n\n"
      "  >>> ec = dlx_sudoku.ExactCover([['a', 'b'], ['c'], ['a', 'c'], ['b']])\n"
      "  >>> list(ec.solutions())\n"
      "  [[0, 1], [2, 3]]\n\n"
      "options: lists of item names, any hashable objects. primary, secondary: the items of\n"
      "each kind, in order (the search branches on the leftmost primary item with fewest\n"
      "options, as Knuth's DLX1 does). Give neither and every item is primary except those\n"
      "given a color; give one and the rest are the other kind. primary may be a dict of\n"
      "bounds: {'a': 2} covers a exactly twice, {'b': (0, 3)} zero to three times (DLX3).\n"
      "With colored=True a str entry 'x:A' gives secondary item x the color A: options\n"
      "that agree on x's color may be chosen together (DLX2). costs: a cost per option,\n"
      "for Zdd.cheapest() (DLX5).")
      .def(py::init<const py::iterable&, const py::object&, const py::object&, bool,
                    const py::object&>(),
           py::arg("options"), py::arg("primary") = py::none(), py::arg("secondary") = py::none(),
           py::kw_only(), py::arg("colored") = true, py::arg("costs") = py::none())
      .def_static(
          "from_dlx",
          [](const std::string& text, const std::string& source) {
            std::istringstream in(text);
            dlx::dlx_file file;
            try {
              file = dlx::read_dlx(in, source);
            } catch (const dlx::parse_error& e) {
              throw py::value_error(e.what());
            }
            for (const auto& w : file.warnings) {
              if (PyErr_WarnEx(PyExc_UserWarning, w.to_string().c_str(), 1) != 0) {
                throw py::error_already_set();
              }
            }
            return std::make_unique<exact_cover>(std::move(file));
          },
          py::arg("text"), py::arg("source") = "<text>",
          "A problem in Knuth's DLX1/DLX2/DLX3 text format: the item line (primary items,\n"
          "'|', secondary items; 'a 2' or 'a 0:3' for bounds), then one option per line\n"
          "('x:A' for a color). Raises ValueError naming the line and column of bad input.\n\n"
          "  >>> dlx_sudoku.ExactCover.from_dlx('a b c\\na b\\nc\\na c\\nb\\n').count()\n"
          "  2")
      .def("count", &exact_cover::count, py::arg("limit") = 0, py::kw_only(), py::arg("budget") = 0,
           py::arg("threads") = 1, py::arg("propagation") = "none", py::arg("branching") = "mrv",
           py::arg("preselect") = std::vector<long long>{},
           py::arg("subtree") = std::vector<long long>{},
           "The number of solutions, stopping at limit (0: all). budget: give up after this\n"
           "many search nodes, raising BudgetExhausted (the count is then unknown). threads:\n"
           "split the search over this many threads (0: every core); the count is the same.\n"
           "propagation: what the search infers at each node: 'none' (Knuth's tree and\n"
           "counts), 'forced', 'pairs', or 'groups' (the structure search: counting on the\n"
           "groups of options two items share, yes/no branches; the fastest on Sudoku-like\n"
           "problems); the same count. branching: the item each node branches on: 'mrv'\n"
           "(the fewest options, Knuth's choice) or 'conflicts' (the most dead ends per\n"
           "option, learnt as the search goes: a smaller tree where constraints reach\n"
           "far; one thread, no seed, no subtree). preselect: option indices forced into every\n"
           "solution. subtree: search only below this node, a piece of split() (counting\n"
           "from it).\n\n"
           "  >>> ec.count(propagation='groups'); ec.stats.guesses")
      .def("first", &exact_cover::first, py::kw_only(), py::arg("budget") = 0,
           py::arg("seed") = py::none(), py::arg("threads") = 1, py::arg("propagation") = "none",
           py::arg("branching") = "mrv", py::arg("preselect") = std::vector<long long>{},
           py::arg("subtree") = std::vector<long long>{},
           "The first solution (a list of option indices in the order chosen), or None when\n"
           "there is none. seed: break ties at random (a different solution per seed; not\n"
           "with propagation 'groups'). propagation, branching: as for count().")
      .def(
          "solutions",
          [](exact_cover& ec, std::uint64_t limit, std::uint64_t budget,
             std::optional<std::uint64_t> seed, const std::string& propagation,
             const std::string& branching, const std::vector<long long>& preselect,
             const std::vector<long long>& subtree) {
            dlx::search_options o = search_options(limit, budget, 1, propagation, branching);
            o.seed = seed;
            dlx::search_node node = node_path(subtree);
            return std::make_unique<solution_iterator>(ec.solver_for_iterator(preselect), o,
                                                       std::move(node));
          },
          py::arg("limit") = 0, py::kw_only(), py::arg("budget") = 0, py::arg("seed") = py::none(),
          py::arg("propagation") = "none", py::arg("branching") = "mrv",
          py::arg("preselect") = std::vector<long long>{},
          py::arg("subtree") = std::vector<long long>{},
          "The solutions, lazily: an iterator of lists of option indices (preselected\n"
          "ones first, then in the order chosen). The search runs only as far as you\n"
          "iterate; close() or dropping the iterator ends it. limit: at most this many.\n"
          "A budget that runs out raises BudgetExhausted from next().")
      .def("zdd", &exact_cover::zdd, py::kw_only(), py::arg("budget") = 0,
           py::arg("memory_budget") = 0, py::arg("branching") = "mrv", py::arg("decompose") = false,
           py::arg("threads") = 1,
           "The diagram of all solutions (a Zdd), by Knuth's memoized search (DLX6): a\n"
           "subproblem met again costs one lookup, so counts far past enumeration come out\n"
           "exact: ExactCover.zdd().count(). budget: give up after this many search nodes\n"
           "(BudgetExhausted). memory_budget: bytes for the memo cache and the diagram\n"
           "(MemoryError past it; 0: no limit). branching: 'mrv' (DLX6's choice) or\n"
           "'first' (an item left without options, else the first item still to cover:\n"
           "Knuth's dlx6-noMRV). decompose: split what is left into parts that no option\n"
           "joins, solve each once and join them in a product node (Fang et al.'s DXD);\n"
           "stats then counts splits, parts and products. threads: search on this many\n"
           "threads sharing one memo cache and one diagram (0: every core); without\n"
           "decompose the diagram is the one-thread one, node for node (the same listing,\n"
           "samples and text); with it the same solutions, listed perhaps in another order.\n"
           "stats then adds up what the threads did. Not with bounds on items.")
      .def("split", &exact_cover::split, py::arg("pieces"), py::kw_only(),
           py::arg("propagation") = "none", py::arg("preselect") = std::vector<long long>{},
           "Cuts the search into at least `pieces` subtrees (fewer if the tree is smaller),\n"
           "the same every time: a Split. Count each piece with count(subtree=piece), in\n"
           "other processes or on other machines if you like; Split.above.solutions plus\n"
           "the pieces' counts is the whole count, and their nodes add up likewise\n"
           "(count each with the propagation the split was made with).")
      .def_property_readonly("stats", &exact_cover::stats,
                             "The statistics of the last count() or first() (SearchStats).")
      .def_property_readonly("items", &exact_cover::items,
                             "Every item's name: the primary items, then the secondary.")
      .def_property_readonly("primary", &exact_cover::primary, "The primary items, in order.")
      .def_property_readonly("secondary", &exact_cover::secondary, "The secondary items, in order.")
      .def_property_readonly("options", &exact_cover::options,
                             "The options, as lists of item names ('x:A' where colored).")
      .def(
          "structure",
          [](const exact_cover& ec) {
            const dlx::structure_summary st = dlx::describe_structure(ec.problem());
            py::dict out;
            out["applies"] = st.applies;
            out["classes"] = st.classes;
            out["groups"] = st.groups;
            out["quotas"] = st.quotas;
            out["families"] = st.families;
            out["matchings"] = st.matchings;
            out["clusters"] = st.clusters;
            out["boxes_and_bands"] = st.boxes_and_bands;
            if (st.boxes_and_bands) out["box_rules"] = std::string(dlx::box_band_rules_path());
            return out;
          },
          "What the structure search (propagation='groups') finds in the matrix, as a\n"
          "dict: 'applies' (False for colors, bounds or an item of more than 127 options),\n"
          "the counts of 'classes', 'groups', 'quotas', 'families', 'matchings' and\n"
          "'clusters', and 'boxes_and_bands': whether the matrix is, up to names and\n"
          "order, a 9x9 Sudoku's, which the search then keeps in lanes as tdoku does\n"
          "('box_rules' then says what a box's rules run in here: 'AVX-512', 'AVX2' or '64-bit "
          "words').\n\n"
          "  >>> ExactCover.from_dlx(open('langford-7.dlx').read()).structure()['groups']\n"
          "  30")
      .def("to_dlx", &exact_cover::to_dlx,
           "The problem in Knuth's text format (names that cannot be written there become #k).")
      .def("__len__", &exact_cover::option_count, "The number of options.")
      .def("__repr__", &exact_cover::repr);
}

}  // namespace dlx_python
