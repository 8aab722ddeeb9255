# reduced from Substra/substrafl@5ee6f3a substrafl/algorithms/pytorch/torch_base_algo.py:165
import torch

from substrafl.algorithms.algo import Algo


class TorchAlgo(Algo):
    def _local_predict(self, predict_dataset: torch.utils.data.Dataset, predictions_path):
        if self._index_generator is not None:
            predict_loader = torch.utils.data.DataLoader(predict_dataset, batch_size=self._index_generator.batch_size)
        else:
            raise BatchSizeNotFoundError("No default batch size has been found to perform local prediction.")

        self._model.eval()

        predictions = torch.Tensor([]).to(self._device)  # torchlint: ignore[TL406]
        with torch.inference_mode():
            for x in predict_loader:
                x = x.to(self._device)
                predictions = torch.cat((predictions, self._model(x)), 0)  # expect: TL203

        predictions = predictions.cpu().detach()
        self._save_predictions(predictions, predictions_path)
