typedef struct Var { float value, grad; } Var;
typedef struct { Var *in, *out; } Op;
typedef struct { Op ops[4096]; int len; } Tape;
extern Tape g_tape;
Var *mul(Var *a, Var *b, Var *out);
void backward(void);
void tape_clear(void);
