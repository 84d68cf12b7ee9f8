// The structure an exact-cover matrix has beyond its items and options, found
// once when a problem is prepared, for the structure search
// (structure_engine.cpp). It knows nothing of Sudoku; on a Sudoku's plain
// matrix it finds what fast Sudoku solvers build by hand.
//
// Groups. When two primary items a and b share two or more options, but not all
// of either's, the shared options g = options(a) ∩ options(b) are a group: in
// any solution, g holds a's option exactly when it holds b's, and holds at most
// one option. On a 9x9 Sudoku the groups are the 486 "triads": a digit in the
// three cells where a row (or column) meets a box.
//
// Classes. Primary items whose options are pairwise disjoint form a class
// (greedily, in item order): every option has at most one item of each class.
// A Sudoku has four: cells, row-digits, column-digits, box-digits.
//
// Quotas. A set of parts (groups, or single options) of which exactly k are
// used in every solution (a group is used when it holds a chosen option). Two
// kinds are found:
//  - an item and another class: the item's options, split by the items of
//    that class they share, are parts of which exactly one is used (k = 1).
//    Kept when at least one part is a group. Locked candidates, both ways: a
//    box-digit with one live row-group takes that row's digit from the rest of
//    the row, and a row-digit with one live box-group takes the box's.
//  - k pairwise disjoint items of one class whose options are exactly the
//    union of some groups of one kind (the pair of classes of their items):
//    each item uses one option and each group holds at most one, so exactly k
//    of the groups are used. A Sudoku's mini-rows: three cells, nine triads
//    (one per digit), three of them used.
// When exactly k parts are left alive, each is used (forced); fewer: a dead end.
// A quota whose groups are k whole stars of families (all the groups of k of
// their items) says nothing a family does not, and is left out: a digit's
// three columns in a stack, whose nine triads are the three boxes' own.
//
// Families. Items of two classes, X and Y, each split exactly by groups shared
// with items on the other side, all within the family: then the used groups
// form a perfect matching between X and Y. A Sudoku's band and digit: three
// row-digits, three box-digits, nine triads, and six matchings (tdoku's
// "configurations"). The search keeps which matchings are still possible; a
// group in none of them dies, a group in all of them is forced; and it
// branches yes/no on one matching. Families are kept when they have at most 32
// groups and 64 matchings; a quota of an item whose split a family holds is
// left out (the family's rule implies it).
//
// Only groups some quota or family uses are kept: others would cost counting
// and give nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace dlx::detail {

struct matrix_structure {
  struct group {
    std::uint32_t items[2];     // internal item numbers, the smaller first
    std::uint32_t first, size;  // its options: options[first, first + size)
  };
  struct part {
    // A group's index, or an option's id with is_option set.
    std::uint32_t index;
    bool is_option;
  };
  struct quota {
    std::uint32_t k;
    std::uint32_t first, size;  // its parts: parts[first, first + size)
  };
  struct family {
    std::uint32_t first, size;  // its groups (its edges, in edge order): edges[first, first + size)
    std::uint32_t first_matching, matchings;  // matching_edges[...]: each a mask over its edges
    // Families whose options cover the same items of the classes no family
    // uses share a cluster (a Sudoku's band: its nine digits' families).
    std::uint32_t cluster;
  };

  std::vector<group> groups;
  std::vector<std::uint32_t> options;   // the groups' options, each group's in increasing order
  std::vector<std::uint32_t> class_of;  // per primary item (internal number)
  std::uint32_t classes = 0;
  std::vector<part> parts;
  std::vector<quota> quotas;
  std::vector<std::uint32_t> edges;  // groups, family by family
  std::vector<std::uint32_t> matching_edges;
  std::vector<family> families;
  std::uint32_t clusters = 0;

  [[nodiscard]] bool empty() const noexcept { return quotas.empty() && families.empty(); }
};

// What find_structure reads: the primary items of each option (internal
// numbers below `primaries`, CSR over options), for the options a search can
// choose; an option without primary items has an empty list.
struct matrix_view {
  std::uint32_t primaries = 0;
  std::span<const std::uint32_t> option_start;  // size options + 1
  std::span<const std::uint32_t> option_items;
};

// Limits that keep the analysis and the search's state small: a group of more
// options than this is not kept (its counter is a byte, with room for "used").
inline constexpr std::uint32_t max_group_size = 100;
// The structure search counts an item's options in a byte with room for marks.
inline constexpr std::uint32_t structure_longest_item = 127;

[[nodiscard]] matrix_structure find_structure(const matrix_view& m);

}  // namespace dlx::detail
