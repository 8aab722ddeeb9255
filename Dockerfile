# torchlint in a Debian 12 image: `docker build -t torchlint .`, then
#   docker run --rm -v "$PWD:/src" torchlint check /src
# The first stage builds the wheel from this checkout (scripts/build_wheel.sh); the image keeps
# only its programs and bundled libraries. `confirm` needs Python with PyTorch and is not in it.
FROM debian:12 AS build
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      ca-certificates cmake ninja-build g++ nodejs npm python3 python3-build python3-wheel \
      python3-setuptools python3-venv patchelf libclang-16-dev libclang-cpp16-dev llvm-16-dev clang-16 \
      libyaml-cpp-dev libcli11-dev libfmt-dev nlohmann-json3-dev libtomlplusplus-dev libssl-dev git \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /torchlint
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
COPY . .
RUN cmake -S . -B build-wheel -G Ninja -DCMAKE_BUILD_TYPE=Release -DTORCHLINT_BUILD_TESTS=OFF >/dev/null \
    && cmake --build build-wheel --target torchlint torchlint-cxx \
    && scripts/build_wheel.sh --build-dir build-wheel --out /dist \
    && python3 -m zipfile -e /dist/torchlint-*.whl /opt/wheel \
    && chmod 0755 /opt/wheel/torchlint/bin/*

FROM debian:12-slim
COPY --from=build /opt/wheel/torchlint /opt/torchlint
RUN ln -s /opt/torchlint/bin/torchlint /usr/local/bin/torchlint
WORKDIR /src
ENTRYPOINT ["torchlint"]
CMD ["check", "/src"]
