def all_reduce_gradients(module):
    # Registers hooks and hands the same module back.
    for p in module.parameters():
        p.register_hook(lambda g: g)
    return module
