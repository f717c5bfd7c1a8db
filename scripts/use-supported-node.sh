# Source this file (`. scripts/use-supported-node.sh`) to run the project on a supported Node.js.
# Supported: the LTS lines 22 (from 22.12) and 24; CI runs on 24 (README "Quick start").
# If the machine's node is another version (e.g. Node 20, end of life in April 2026), this puts
# Node 24 from the npm registry's official binary package (node-linux-<arch>) into ./.node and
# first on PATH, for this shell only. Nothing is installed system-wide.
NODE_LTS_VERSION=24.21.0
_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$_node_major" != "24" ] && [ "$_node_major" != "22" ]; then
  case "$(uname -m)" in
    x86_64) _node_arch=x64 ;;
    aarch64 | arm64) _node_arch=arm64 ;;
    *) echo "use-supported-node: no Node.js package for $(uname -m); install Node 22 or 24 yourself" >&2; return 1 ;;
  esac
  _node_dir="$(pwd)/.node/node_modules/node-linux-$_node_arch/bin"
  if [ ! -x "$_node_dir/node" ] || [ "$("$_node_dir/node" --version)" != "v$NODE_LTS_VERSION" ]; then
    echo "Installing Node.js $NODE_LTS_VERSION into ./.node (this machine has $(node --version 2>/dev/null || echo none))"
    npm install --no-save --no-package-lock --no-audit --no-fund --silent --prefix .node "node-linux-$_node_arch@$NODE_LTS_VERSION"
  fi
  export PATH="$_node_dir:$PATH"
fi
unset _node_major _node_arch _node_dir
