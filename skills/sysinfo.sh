#!/bin/bash
# 系统状态: CPU、内存、磁盘、运行时间、负载。只读 /proc 与 coreutils，Debian 默认即可运行。

if [ "$1" = "--help" ] || [ "$1" = "-h" ]; then
    echo "查看本机系统状态：CPU、内存、磁盘占用、运行时间和系统负载"
    echo ""
    echo "用法: sysinfo [选项]"
    echo ""
    echo "选项:"
    echo "  -d PATH    磁盘用量查看的路径 (默认 /)"
    echo "  -h, --help 显示帮助"
    echo ""
    echo "输出: 每行一个字段，例如"
    echo "  cpu_model: ..."
    echo "  memory_used_mb: ..."
    echo ""
    echo "示例:"
    echo "  sysinfo"
    echo "  sysinfo -d /home"
    exit 0
fi

disk_path="/"
if [ "$1" = "-d" ]; then
    if [ -z "$2" ]; then
        echo "错误: -d 需要一个路径" >&2
        exit 1
    fi
    disk_path="$2"
elif [ -n "$1" ]; then
    echo "错误: 未知参数 $1（用 --help 查看用法）" >&2
    exit 1
fi
if [ ! -e "$disk_path" ]; then
    echo "错误: 路径不存在: $disk_path" >&2
    exit 1
fi

cpu_model=$(grep -m1 -E '^(model name|Hardware|Model)' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')
echo "cpu_model: ${cpu_model:-unknown}"
echo "cpu_cores: $(nproc 2>/dev/null || grep -c ^processor /proc/cpuinfo)"
read -r load1 load5 load15 _ < /proc/loadavg
echo "load_average: $load1 $load5 $load15"

mem_total=$(awk '/^MemTotal:/ {print int($2/1024)}' /proc/meminfo)
mem_avail=$(awk '/^MemAvailable:/ {print int($2/1024)}' /proc/meminfo)
echo "memory_total_mb: $mem_total"
echo "memory_used_mb: $((mem_total - mem_avail))"
echo "memory_available_mb: $mem_avail"

df -P -k "$disk_path" | awk 'NR==2 {printf "disk_path: %s\ndisk_total_mb: %d\ndisk_used_mb: %d\ndisk_use_percent: %s\n", $6, $2/1024, $3/1024, $5}'

up_seconds=$(cut -d. -f1 /proc/uptime)
printf 'uptime: %dd %dh %dm\n' $((up_seconds / 86400)) $((up_seconds % 86400 / 3600)) $((up_seconds % 3600 / 60))
