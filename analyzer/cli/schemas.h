// JSON Schemas for the configuration and for rule packs, generated from the loaders' own key
// tables (every key they accept, no other), so editors complete and validate what torchlint
// reads. `torchlint schema config|rules`; the committed copies under schemas/ are checked by a test.
#pragma once
#include <nlohmann/json.hpp>

namespace torchlint {

nlohmann::ordered_json config_schema();
nlohmann::ordered_json rule_pack_schema();

}  // namespace torchlint
