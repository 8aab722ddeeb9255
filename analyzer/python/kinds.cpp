#include "python/kinds.h"

#include <cstring>

#include "python/ts.h"

namespace torchlint::py {

namespace {
TSSymbol sym(const char* name, bool named = true) {
  return ts_language_symbol_for_name(python_language(), name, static_cast<uint32_t>(std::strlen(name)), named);
}
}  // namespace

const Kinds& kinds() {
  static const Kinds k = [] {
    Kinds k{};
    k.module = sym("module");
    k.function_definition = sym("function_definition");
    k.class_definition = sym("class_definition");
    k.decorated_definition = sym("decorated_definition");
    k.decorator = sym("decorator");
    k.lambda = sym("lambda");
    k.for_statement = sym("for_statement");
    k.while_statement = sym("while_statement");
    k.with_statement = sym("with_statement");
    k.with_item = sym("with_item");
    k.if_statement = sym("if_statement");
    k.elif_clause = sym("elif_clause");
    k.else_clause = sym("else_clause");
    k.except_clause = sym("except_clause");
    k.block = sym("block");
    k.call = sym("call");
    k.attribute = sym("attribute");
    k.identifier = sym("identifier");
    k.subscript = sym("subscript");
    k.assignment = sym("assignment");
    k.augmented_assignment = sym("augmented_assignment");
    k.expression_statement = sym("expression_statement");
    k.argument_list = sym("argument_list");
    k.keyword_argument = sym("keyword_argument");
    k.binary_operator = sym("binary_operator");
    k.comparison_operator = sym("comparison_operator");
    k.boolean_operator = sym("boolean_operator");
    k.not_operator = sym("not_operator");
    k.unary_operator = sym("unary_operator");
    k.parenthesized_expression = sym("parenthesized_expression");
    k.conditional_expression = sym("conditional_expression");
    k.pattern_list = sym("pattern_list");
    k.tuple_pattern = sym("tuple_pattern");
    k.list_pattern = sym("list_pattern");
    k.tuple = sym("tuple");
    k.expression_list = sym("expression_list");
    k.import_statement = sym("import_statement");
    k.import_from_statement = sym("import_from_statement");
    k.aliased_import = sym("aliased_import");
    k.dotted_name = sym("dotted_name");
    k.relative_import = sym("relative_import");
    k.integer = sym("integer");
    k.float_ = sym("float");
    k.string = sym("string");
    k.interpolation = sym("interpolation");
    k.true_ = sym("true");
    k.false_ = sym("false");
    k.none = sym("none");
    k.list_comprehension = sym("list_comprehension");
    k.comment = sym("comment");
    k.generator_expression = sym("generator_expression");
    k.return_statement = sym("return_statement");
    k.yield = sym("yield");
    k.dictionary = sym("dictionary");
    k.pair = sym("pair");
    k.list = sym("list");
    k.typed_parameter = sym("typed_parameter");
    k.typed_default_parameter = sym("typed_default_parameter");
    k.await_ = sym("await");
    return k;
  }();
  return k;
}

}  // namespace torchlint::py
