-- Neovim's built-in LSP client against `torchlint server`: open a file with a TL101 bug, wait
-- for the diagnostic, ask for code actions, apply the fix, and write what happened to $OUT.
-- Run: TORCHLINT_BIN=... PROJECT=... OUT=... nvim --headless --clean -c "luafile lsp_nvim.lua"
local bin, project, out = os.getenv("TORCHLINT_BIN"), os.getenv("PROJECT"), os.getenv("OUT")
local lines = {}
local function log(s) table.insert(lines, s) end

vim.cmd("edit " .. project .. "/train.py")
local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = "torchlint", cmd = { bin, "server" }, root_dir = project })
vim.lsp.buf_attach_client(bufnr, client_id)
vim.wait(10000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)

local diags = vim.diagnostic.get(bufnr)
for _, d in ipairs(diags) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  log(string.format("diagnostic %s %d:%d %s", tostring(code), d.lnum, d.col, d.source or ""))
end
if #diags > 0 then
  local d = diags[1]
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
    context = { diagnostics = {} },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 5000) or {}
  for _, resp in pairs(responses) do
    for _, action in ipairs(resp.result or {}) do
      log("action " .. action.title)
      if action.title:match("^TL101: ") then
        vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
        log("after fix: " .. vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1])
      end
    end
  end
end
vim.fn.writefile(lines, out)
vim.lsp.stop_client(client_id)
vim.cmd("qa!")
