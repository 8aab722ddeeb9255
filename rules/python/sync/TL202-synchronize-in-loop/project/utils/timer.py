import time


class Timer:
    def __init__(self):
        self.total, self.calls, self.start = 0.0, 0, 0.0

    def tic(self):
        self.start = time.time()

    def toc(self):
        self.total += time.time() - self.start
        self.calls += 1
