def calibrate_and_fuse(model, example):
    model(example)  # expect: TL303
    return fuse_modules(model)
