typedef struct Var Var;
typedef struct { Var **inputs; int num_inputs; Var *output; } TapeOp;
typedef struct { TapeOp *ops; int num_ops; } Tape;
extern Tape *g_tape;
void tape_add_op(Tape *tape, Var **inputs, int n, Var *out);
