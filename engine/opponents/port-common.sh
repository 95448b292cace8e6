# Sourced by pela/port.sh, carbon/port.sh, pentazen/port.sh and rapfi2018/port.sh: fetching upstream files and checked edits.
# (POSIX sh; the caller has `set -eu`.)

# port_init DIR_NAME "$@"
#   The calling port.sh's arguments: exactly one, the upstream directory (else a usage line
#   naming it DIR_NAME, exit 2). Sets `up` (that directory), `here` (the script's directory)
#   and `port` (here/port).
port_init() {
	_name=$1
	shift
	if [ $# -ne 1 ]; then
		echo "usage: $0 $_name" >&2
		exit 2
	fi
	up=$1
	here=$(cd "$(dirname "$0")" && pwd)
	port=$here/port
}

# fetch_files UPSTREAM_DIR PORT_DIR STRIP_PREFIX "COMMIT PATH" lines
#   Copies each PATH into PORT_DIR/PATH-without-STRIP_PREFIX. From a git clone (has .git)
#   the file is taken with `git show COMMIT:PATH`, whatever is checked out; otherwise, or with
#   PORT_FROM_TREE=1, from the working tree as it is (then the commits are not checked).
#   Sets `mode` to git or tree.
fetch_files() {
	_up=$1 _port=$2 _strip=$3 _files=$4
	if [ -e "$_up/.git" ] && [ "${PORT_FROM_TREE:-0}" != 1 ]; then
		mode=git
	else
		mode=tree
	fi
	while read -r _commit _path; do
		[ -n "$_path" ] || continue
		_dest=$_port/${_path#"$_strip"}
		mkdir -p "$(dirname "$_dest")"
		if [ "$mode" = git ]; then
			if ! git -C "$_up" cat-file -e "$_commit:$_path" 2>/dev/null; then
				echo "port.sh: $_commit:$_path not found in $_up (full clone needed)" >&2
				exit 1
			fi
			git -C "$_up" show "$_commit:$_path" > "$_dest"
		else
			if [ ! -f "$_up/$_path" ]; then
				echo "port.sh: $_up/$_path not found" >&2
				exit 1
			fi
			cp "$_up/$_path" "$_dest"
		fi
	done <<LIST
$_files
LIST
}

# edit_file FILE SED_SCRIPT CHECK_REGEX WHAT
#   Applies SED_SCRIPT to FILE in place and stops unless CHECK_REGEX then matches.
edit_file() {
	sed "$2" "$1" > "$1.tmp"
	mv "$1.tmp" "$1"
	if ! grep -q "$3" "$1"; then
		echo "port.sh: $4 edit did not apply" >&2
		exit 1
	fi
}

# done_message HERE UPSTREAM_DIR
done_message() {
	if [ "$mode" = tree ]; then
		echo "port.sh: copied from the working tree of $2 (commits not checked)"
	fi
	echo "port.sh: $1/port ready.  Build with:"
	echo "  make -C $1"
}
