// Symbol ids of the grammar's node kinds, resolved once, so hot paths compare integers.
#pragma once
#include <tree_sitter/api.h>

namespace torchlint::py {

struct Kinds {
  TSSymbol module, function_definition, class_definition, decorated_definition, decorator,
      lambda, for_statement, while_statement, with_statement, with_item, if_statement,
      elif_clause, else_clause, except_clause, block, call, attribute, identifier, subscript,
      assignment, augmented_assignment, expression_statement, argument_list, keyword_argument,
      binary_operator, comparison_operator, boolean_operator, not_operator, unary_operator,
      parenthesized_expression, conditional_expression, pattern_list, tuple_pattern, list_pattern,
      tuple, expression_list, import_statement, import_from_statement, aliased_import, dotted_name,
      relative_import, integer, float_, string, interpolation, true_, false_, none,
      list_comprehension, comment, generator_expression, return_statement, await_, yield,
      dictionary, pair, list, typed_parameter, typed_default_parameter;
};

const Kinds& kinds();

// Where every context stops: a function, lambda or class body is a scope of its own.
inline bool is_scope_boundary(TSSymbol s) {
  const Kinds& k = kinds();
  return s == k.function_definition || s == k.lambda || s == k.class_definition;
}
inline bool is_loop(const Kinds& k, TSSymbol s) { return s == k.for_statement || s == k.while_statement; }
// `inner` lies within `outer`'s bytes.
inline bool contains_node(TSNode outer, TSNode inner) {
  return ts_node_start_byte(outer) <= ts_node_start_byte(inner) && ts_node_end_byte(inner) <= ts_node_end_byte(outer);
}

}  // namespace torchlint::py
