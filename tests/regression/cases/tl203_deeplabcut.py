# reduced from DeepLabCut/DeepLabCut@646b476 deeplabcut/pose_estimation_pytorch/runners/inference.py:294
from pathlib import Path

import numpy as np
import torch


class InferenceRunner:
    def _sequential_inference(self, images, shelf_writer=None):
        results = []
        for data in images:
            self._prepare_inputs(data)
            self._process_full_batches()
            results += self._extract_results(shelf_writer)

        if self._inputs_waiting_for_processing():
            self._process_batch()
            results += self._extract_results(shelf_writer)

        return results

    def _prepare_inputs(self, data):
        """Prepares inputs for an image and adds them to the data ready to be processed"""
        if isinstance(data, (str, Path, np.ndarray)):
            inputs, context = data, {}
        else:
            inputs, context = data

        if self.preprocessor is not None:
            inputs, context = self.preprocessor(inputs, context)
        else:
            inputs = torch.as_tensor(inputs)

        self._contexts.append(context)
        self._image_batch_sizes.append(len(inputs))

        if len(inputs) == 0:
            return

        if self._batch is None:
            self._batch = inputs
        else:
            self._batch = torch.cat([self._batch, inputs], dim=0)  # expect: TL203

    def _process_full_batches(self) -> None:
        while self._batch is not None and len(self._batch) >= self.batch_size:
            self._process_batch()

    def _process_batch(self) -> None:
        batch = self._batch[: self.batch_size]
        self._predictions += self.predict(batch)
        if len(self._batch) <= self.batch_size:
            self._batch = None
        else:
            self._batch = self._batch[self.batch_size :]
