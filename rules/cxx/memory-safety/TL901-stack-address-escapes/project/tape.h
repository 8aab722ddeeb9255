typedef struct Var Var;
typedef struct { Var **inputs; int num_inputs; Var *output; } TapeOp;
typedef struct { TapeOp *ops; int num_ops; } Tape;
extern Tape *g_tape;
void tape_add_op(Tape *tape, Var **inputs, int n, Var *out);
void op_set_inputs(TapeOp *op, Var **inputs, int n);
void tape_record(Tape *tape, Var **inputs, int n, Var *out);
// Records an operation of two inputs, as the operations of ops.c spell it.
#define RECORD2(a, b, out)            \
  do {                                \
    Var *inputs_[] = {a, b};          \
    tape_add_op(g_tape, inputs_, 2, out); \
  } while (0)
#define RECORD_LIT(out, ...) tape_add_op(g_tape, (Var *[]){__VA_ARGS__}, 2, out)
